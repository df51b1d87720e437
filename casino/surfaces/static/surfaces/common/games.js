// The games, as every page names them: the API's game codes and their names for people.

export const GAMES = { russian_poker: "Russian Poker", ruby_run: "Ruby Run", red_dog: "Red Dog" };

/** The game ``code``'s name; a game this table does not know yet is shown by its code. */
export const gameName = (code) => GAMES[code] || code;
