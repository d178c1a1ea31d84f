"""Make the installed app's PNG icons from longhouse/web/icon.svg, with the same Chromium the browser tests use.

    python tools/make_icons.py          # writes longhouse/web/icons/*.png

Browsers want PNG icons of set sizes for the home screen (the manifest names them; Safari reads only the
``apple-touch-icon``). Each is the SVG drawn at its size by Chromium (through Playwright), so they change only
when the SVG does; run this again after changing it and commit the PNGs with it.

- ``icon-192.png``, ``icon-512.png``: the icon as it is (transparent round corners);
- ``maskable-512.png``: for launchers that cut icons into their own shape (a circle, a squircle): the icon at
  76 % on the hall's wood colour, so that the house stays inside the safe circle (80 % of the width);
- ``apple-touch-icon.png`` (180 px): opaque (iOS fills transparency with black and rounds the corners itself).
"""

from __future__ import annotations

import base64
import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

WEB = Path(__file__).resolve().parent.parent / "longhouse" / "web"
WOOD = "#5b3a1e"  # --wood in style.css, the manifest's theme_color
#: file name, size in pixels, background (None: transparent), the icon's share of the width
ICONS = [("icon-192.png", 192, None, 1.0), ("icon-512.png", 512, None, 1.0), ("maskable-512.png", 512, WOOD, 0.76),
         ("apple-touch-icon.png", 180, WOOD, 1.0)]


def page_html(svg: bytes, size: int, background: str | None, share: float) -> str:
    side = round(size * share)
    src = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    return (f"<!doctype html><html><body style='margin:0;width:{size}px;height:{size}px;display:grid;"
            f"place-items:center;background:{background or 'transparent'}'>"
            f"<img src='{src}' width='{side}' height='{side}' alt=''></body></html>")


def main() -> int:
    svg = (WEB / "icon.svg").read_bytes()
    out = WEB / "icons"
    out.mkdir(exist_ok=True)
    chromium = os.environ.get("LONGHOUSE_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"])
        for name, size, background, share in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(page_html(svg, size, background, share))
            page.wait_for_function("() => document.images[0].complete")
            page.screenshot(path=str(out / name), omit_background=background is None,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(out / name)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
