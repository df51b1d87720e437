"""What a page looks like on a screen, checked the same way by every page's browser tests."""

from __future__ import annotations

from typing import Any

#: The elements reaching beyond the screen's right edge, but for what is inside a frame that
#: matches the selector given (none: every element).
_WIDE = """(scrolling) => [...document.querySelectorAll("body *")]
    .filter((node) => node.getClientRects().length
      && node.getBoundingClientRect().right > innerWidth + 1
      && !(scrolling && node.parentElement?.closest(scrolling)))
    .map((node) => `${node.tagName}.${node.className}: ${node.textContent.slice(0, 40)}`)"""


def nothing_wider_than_the_screen(page: Any, *, scrolling: str = "") -> None:
    """No element of the page reaches beyond the screen's right edge (a long word pushing a
    button or a figure out of view). ``scrolling``: a selector of the frames whose content
    scrolls sideways by design (a rotation plan's roadmap, as long as its shift): what is
    inside one may reach beyond, the frame itself may not."""
    wide = page.evaluate(_WIDE, scrolling)
    assert wide == [], wide
