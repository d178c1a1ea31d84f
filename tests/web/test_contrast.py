"""Every seat's text colour and the hall's secondary text reach WCAG AA contrast (4.5:1) on every background
they are drawn on; the numbers come from the one place they are defined (engine/seats.py, web/style.css)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from longhouse.engine.seats import SEATS, Seat

STYLE = (Path(__file__).resolve().parents[2] / "longhouse" / "web" / "style.css").read_text()
AA = 4.5


def css_colour(name: str) -> str:
    found = re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", STYLE)
    assert found, f"--{name} is not defined in style.css"
    return found.group(1)


def luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


#: Backgrounds seat text is drawn on: white, a panel, a card, the Manitou hunting ground, and its own tint.
BACKGROUNDS = {"white": "#ffffff", "panel": "--panel", "card": "#fffdf7", "ground": "#e9dcc1"}


def test_contrast_is_measured_as_wcag_defines_it() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("seat", SEATS, ids=lambda s: s.colour)
def test_seat_text_reads_on_every_background(seat: Seat) -> None:
    backgrounds = {k: css_colour(v[2:]) if v.startswith("--") else v for k, v in BACKGROUNDS.items()}
    backgrounds["its own tint"] = seat.soft
    for where, background in backgrounds.items():
        ratio = contrast(seat.ink, background)
        assert ratio >= AA, f"{seat.name} text on {where}: {ratio:.2f}:1"
    # white text on the seat's ink: a controlling warrior, a lane's winnings, the controller badge
    assert contrast("#ffffff", seat.ink) >= AA


@pytest.mark.parametrize("name", ["muted", "ink-soft", "ink"])
def test_secondary_text_reads_on_the_page_and_every_tint(name: str) -> None:
    colour = css_colour(name)
    for background in [css_colour("bg"), css_colour("panel"), *(s.soft for s in SEATS)]:
        assert contrast(colour, background) >= AA, f"--{name} on {background}: {contrast(colour, background):.2f}:1"
