// The games, as every page names them: the API's game codes and their names for people, from
// the registry of games, which the server writes into each page (`<script id="games">`).

const written = document.getElementById("games");

export const GAMES = Object.freeze(written ? JSON.parse(written.textContent) : {});

/** The game ``code``'s name; a game this page does not know is shown by its code. */
export const gameName = (code) => GAMES[code] || code;
