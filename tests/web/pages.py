"""What the browser tests do on a page: sign up, chat, and wait for a board to move on."""

from __future__ import annotations

from typing import Any


def sign_up(page: Any, url: str, name: str) -> None:
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "a good password")
    page.click("#signup")
    page.wait_for_selector("#create-table")


def chat(page: Any, text: str) -> None:
    page.fill(".table-page .chat-input", text)
    page.press(".table-page .chat-input", "Enter")


def board_version(page: Any, board: str) -> int:
    """The state version the board (a CSS selector: ``.manitou``, ``.generic``) shows."""
    return int(page.get_attribute(board, "data-version") or -1)


def wait_board_moved(page: Any, board: str, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('{board}')?.dataset.version) > {before}", timeout=15000)
