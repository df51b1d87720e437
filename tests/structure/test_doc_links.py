"""Every relative link of the README, the docs and deploy/README.md leads to a file that exists
and, for ``#anchor``, to a heading of that file: a page moved or a heading renamed breaks no
reader's way."""

from __future__ import annotations

from pathlib import Path

from tests.structure.doc_links import anchors, broken_links, relative_links, slug

ROOT = Path(__file__).resolve().parents[2]


def _pages() -> list[Path]:
    return [ROOT / "README.md", ROOT / "deploy" / "README.md", *sorted(ROOT.glob("docs/*.md"))]


def _readme() -> str:
    return (ROOT / "README.md").read_text()


def test_every_relative_link_of_the_readme_and_the_docs_leads_somewhere() -> None:
    broken = {
        str(page.relative_to(ROOT)): found for page in _pages() if (found := broken_links(page))
    }
    assert broken == {}


def test_the_readme_links_every_docs_page() -> None:
    """The README's "Where to read next" is the way into docs/: no page is left out of it."""
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in relative_links(_readme())}
    assert [p.name for p in sorted(ROOT.glob("docs/*.md")) if p.resolve() not in linked] == []


def test_anchors_are_the_ones_github_gives_headings() -> None:
    assert slug("Retractions: entries undone under dual control") == (
        "retractions-entries-undone-under-dual-control"
    )
    assert slug("The chip tray and the table's win") == "the-chip-tray-and-the-tables-win"
    assert slug("The `make run` stack") == "the-make-run-stack"
    assert anchors("# Page\n\n## Notes\n\n### Notes\n") == {"page", "notes", "notes-1"}


def _write(folder: Path, name: str, text: str) -> Path:
    page = folder / name
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(text)
    return page


def test_a_link_to_a_missing_file_or_heading_is_found(tmp_path: Path) -> None:
    _write(tmp_path, "docs/api.md", "# The API\n\n## Errors\n")
    page = _write(
        tmp_path,
        "README.md",
        "See [the API](docs/api.md), [its errors](docs/api.md#errors) and\n"
        "[this page](#top), [gone](docs/gone.md), [a typo](docs/api.md#erors),\n"
        "[the web](https://example.com/x.md#nothing).\n\n# Top\n",
    )
    assert broken_links(page) == [
        "docs/gone.md: no such file",
        "docs/api.md#erors: no such heading in api.md",
    ]


def test_a_link_relative_to_its_own_page_resolves_from_there(tmp_path: Path) -> None:
    _write(tmp_path, "README.md", "# Casino\n\n## Architecture\n")
    page = _write(tmp_path, "docs/tests.md", "[map](../README.md#architecture) [x](tests.md)\n")
    assert broken_links(page) == []
    assert broken_links(_write(tmp_path, "docs/bad.md", "[map](README.md)\n")) == [
        "README.md: no such file"
    ]


def test_text_in_code_is_no_link(tmp_path: Path) -> None:
    page = _write(
        tmp_path,
        "README.md",
        "`[a](nowhere.md)` is code.\n\n```\n[b](nowhere.md)\n# Not a heading\n```\n",
    )
    assert relative_links(page.read_text()) == []
    assert anchors(page.read_text()) == set()
