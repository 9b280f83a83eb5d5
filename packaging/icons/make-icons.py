#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draws the Sightline icon: one list of rounded rectangles written as the scalable SVG and
rasterised (4x4 supersampling, standard library only) into the hicolor PNG sizes. The outputs are
committed; run this again after changing SHAPES:  python3 packaging/icons/make-icons.py

The picture: a dark tile with three timeline lanes of GPU work (idle gaps between the bars) and
a white cursor line across them - the sight line through a trace."""
import os
import struct
import zlib

VIEW = 256
# (x, y, width, height, corner radius, RGBA colour), painted in order.
SHAPES = [
    (8, 8, 240, 240, 44, (0x1D, 0x2B, 0x3A, 255)),
    (36, 64, 70, 28, 6, (0x76, 0xB9, 0x00, 255)),
    (118, 64, 102, 28, 6, (0x76, 0xB9, 0x00, 255)),
    (36, 114, 42, 28, 6, (0x2B, 0xB3, 0xC0, 255)),
    (96, 114, 124, 28, 6, (0x2B, 0xB3, 0xC0, 255)),
    (36, 164, 120, 28, 6, (0xF0, 0xA0, 0x30, 255)),
    (176, 164, 44, 28, 6, (0xF0, 0xA0, 0x30, 255)),
    (160, 36, 8, 184, 3, (0xFF, 0xFF, 0xFF, 255)),
]
SIZES = [16, 24, 32, 48, 64, 128, 256]
HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "io.sightline.Sightline"


def inside(px, py, shape):
    x, y, w, h, r, _ = shape
    if px < x or py < y or px > x + w or py > y + h:
        return False
    cx = min(max(px, x + r), x + w - r)
    cy = min(max(py, y + r), y + h - r)
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r


def render(size):
    scale = VIEW / size
    rows = []
    for j in range(size):
        row = bytearray([0])  # PNG filter: none
        for i in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]  # premultiplied RGBA
            for sj in range(4):
                for si in range(4):
                    px, py = (i + (si + 0.5) / 4) * scale, (j + (sj + 0.5) / 4) * scale
                    c = [0.0, 0.0, 0.0, 0.0]
                    for s in SHAPES:
                        if inside(px, py, s):
                            a = s[5][3] / 255
                            c = [s[5][k] / 255 * a + c[k] * (1 - a) for k in range(3)] + [a + c[3] * (1 - a)]
                    acc = [acc[k] + c[k] / 16 for k in range(4)]
            alpha = acc[3]
            rgb = [round(acc[k] / alpha * 255) if alpha > 0 else 0 for k in range(3)]
            row += bytes(rgb + [round(alpha * 255)])
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def svg():
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{VIEW}" height="{VIEW}" viewBox="0 0 {VIEW} {VIEW}">']
    for x, y, w, h, r, c in SHAPES:
        out.append(f'  <rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="#{c[0]:02x}{c[1]:02x}{c[2]:02x}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    with open(os.path.join(HERE, f"{NAME}.svg"), "w") as f:
        f.write(svg())
    for size in SIZES:
        with open(os.path.join(HERE, f"{NAME}-{size}.png"), "wb") as f:
            f.write(render(size))
