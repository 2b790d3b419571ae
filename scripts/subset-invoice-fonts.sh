#!/usr/bin/env bash
# Cuts DejaVu Sans (regular and bold) down to the characters an invoice can hold, for the invoice PDF
# (src/invoice/): jspdf's built-in fonts are Latin-only and Russian invoices need Cyrillic. Kept:
# Basic Latin, Latin-1, Latin Extended-A, Romanian's comma-below letters (Ș ș Ț ț), Cyrillic, general
# punctuation (the narrow no-break space Intl puts in French amounts, dashes, quotes), currency
# symbols, №, ™, the minus sign and U+FFFD (printed for any character the subset lacks). jspdf does
# no shaping, so the OpenType layout and math tables go; hinting goes too (PDF viewers do not need
# it). The name table keeps its default records, the copyright notice (name ID 0) among them; the
# licence text (name ID 13, 10 KB) is written to LICENSE-DejaVu.txt instead: jspdf parses the name
# table and copies it into every PDF, and with it each render took 40 % longer.
# The subsets are committed; the build does not run this. Needs fonttools (pip install fonttools)
# and the DejaVu fonts (Debian/Ubuntu: apt-get install -y fonts-dejavu-core; DEJAVU_DIR overrides).
#
# Run: bash scripts/subset-invoice-fonts.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOURCE="${DEJAVU_DIR:-/usr/share/fonts/truetype/dejavu}"
OUT="$ROOT/src/invoice/fonts"
UNICODES='U+0020-007E,U+00A0-00FF,U+0100-017F,U+0218-021B,U+0400-04FF,U+2000-206F,U+20A0-20CF,U+2116,U+2122,U+2212,U+FFFD'

command -v pyftsubset >/dev/null || { echo 'pyftsubset not found: pip install fonttools' >&2; exit 1; }
mkdir -p "$OUT"

for name in DejaVuSans DejaVuSans-Bold; do
  [ -f "$SOURCE/$name.ttf" ] || { echo "Missing $SOURCE/$name.ttf" >&2; exit 1; }
  pyftsubset "$SOURCE/$name.ttf" \
    --unicodes="$UNICODES" \
    --layout-features='' \
    --drop-tables+=MATH,GDEF,GPOS,GSUB,gasp \
    --no-hinting \
    --notdef-outline \
    --output-file="$OUT/$name-invoice.ttf"
done

# The licence as the original font states it (name ID 13), with the Python that runs pyftsubset.
PYTHON="$(head -n 1 "$(command -v pyftsubset)" | sed 's/^#!//')"
"$PYTHON" - "$SOURCE/DejaVuSans.ttf" "$OUT/LICENSE-DejaVu.txt" <<'PY'
import sys
from fontTools.ttLib import TTFont
text = TTFont(sys.argv[1])['name'].getName(13, 3, 1, 0x409).toUnicode()
with open(sys.argv[2], 'w', encoding='utf-8') as out:
    out.write(text.strip() + '\n')
PY

ls -l "$OUT"
