"""PNG pictures of a board, for the Topsakal 'image' prompt (sent as an image part)."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

CELL = 48
MARGIN = 28


def grid_png(symbols: Sequence[Sequence[str]], title: str = "") -> bytes:
    """Draw a grid of X / O / S / ~ / . symbols with 1-based row and column numbers."""
    rows, cols = len(symbols), len(symbols[0])
    top = MARGIN + (18 if title else 0)
    image = Image.new("RGB", (MARGIN + cols * CELL + 4, top + rows * CELL + 4), "white")
    draw = ImageDraw.Draw(image)
    if title:
        draw.text((MARGIN, 4), title, fill="black")
    for c in range(cols):
        draw.text((MARGIN + c * CELL + CELL // 2 - 4, top - 16), str(c + 1), fill="black")
    for r in range(rows):
        draw.text((6, top + r * CELL + CELL // 2 - 6), str(r + 1), fill="black")
        for c in range(cols):
            x, y = MARGIN + c * CELL, top + r * CELL
            draw.rectangle((x, y, x + CELL, y + CELL), outline="black", width=2)
            _mark(draw, symbols[r][c], x, y)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _mark(draw: ImageDraw.ImageDraw, symbol: str, x: int, y: int) -> None:
    pad = 10
    box = (x + pad, y + pad, x + CELL - pad, y + CELL - pad)
    if symbol == "X":
        draw.line(box, fill="firebrick", width=5)
        draw.line((box[0], box[3], box[2], box[1]), fill="firebrick", width=5)
    elif symbol == "O":
        draw.ellipse(box, outline="royalblue", width=5)
    elif symbol == "S":
        draw.rectangle(box, fill="dimgray")


def stack_png(parts: Sequence[bytes]) -> bytes:
    """Several pictures one under the other."""
    images = [Image.open(io.BytesIO(part)) for part in parts]
    width = max(i.width for i in images)
    sheet = Image.new("RGB", (width, sum(i.height for i in images) + 10 * (len(images) - 1)), "white")
    y = 0
    for picture in images:
        sheet.paste(picture, (0, y))
        y += picture.height + 10
    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def data_url(png: bytes) -> str:
    """A data URL for an image part."""
    return "data:image/png;base64," + base64.b64encode(png).decode()
