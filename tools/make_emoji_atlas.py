#!/usr/bin/env python3
"""Build assets/fonts/NotoColorEmoji-atlas.png from Noto Color Emoji (SIL OFL 1.1).

Every single-codepoint emoji from U+1F000 up (the pictographs), its CBDT bitmap scaled to
SIZE x SIZE, in codepoint order, COLS per row. The renderer reads the codepoints back from
the cmap order below, so it needs no index file: it is written beside the atlas as text.

Needs: fonttools, pillow, and Debian's fonts-noto-color-emoji.
"""
import io
import sys
from fontTools.ttLib import TTFont
from PIL import Image

SRC = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
SIZE = 36
COLS = 64

def main(out_png, out_txt):
    font = TTFont(SRC)
    cmap = font.getBestCmap()
    cbdt = font["CBDT"]
    strike = cbdt.strikeData[0]
    cps = sorted(cp for cp in cmap if cp >= 0x1F000 and cmap[cp] in strike)
    rows = (len(cps) + COLS - 1) // COLS
    atlas = Image.new("RGBA", (COLS * SIZE, rows * SIZE), (0, 0, 0, 0))
    for i, cp in enumerate(cps):
        data = strike[cmap[cp]].imageData
        im = Image.open(io.BytesIO(data)).convert("RGBA")
        im = im.resize((SIZE, SIZE), Image.LANCZOS)
        atlas.paste(im, ((i % COLS) * SIZE, (i // COLS) * SIZE))
    # 256 colours with alpha: the frames are 256-colour anyway, and the file is a third.
    atlas = atlas.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    # The quantiser blurs alpha too: snap nearly opaque palette entries back to opaque.
    pal = atlas.getpalette(rawmode="RGBA")
    for i in range(3, len(pal), 4):
        pal[i] = 255 if pal[i] >= 240 else pal[i]
    atlas.putpalette(pal, rawmode="RGBA")
    atlas.save(out_png, optimize=True)
    with open(out_txt, "w") as f:
        f.write(" ".join("%X" % cp for cp in cps) + "\n")
    print(len(cps), "emoji,", atlas.size)

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
