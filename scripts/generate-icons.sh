#!/usr/bin/env bash
# Rasterises the hand-drawn logo (public/icons/logo.svg) into the PWA and browser icons, and draws the
# default avatar. The PNGs are committed; the build does not run this. Needs rsvg-convert
# (Debian/Ubuntu: apt-get install -y librsvg2-bin).
#
# Run: bash scripts/generate-icons.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PUBLIC="$ROOT/public"
ICONS="$PUBLIC/icons"
LOGO="$ICONS/logo.svg"
BLUE='#0b3d91'

command -v rsvg-convert >/dev/null || { echo 'rsvg-convert not found: apt-get install -y librsvg2-bin' >&2; exit 1; }
[ -f "$LOGO" ] || { echo "Missing $LOGO" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# "any" icons: the logo as drawn (rounded blue square, transparent corners).
rsvg-convert -w 192 -h 192 "$LOGO" -o "$ICONS/icon-192.png"
rsvg-convert -w 512 -h 512 "$LOGO" -o "$ICONS/icon-512.png"

# Full-bleed variant: blue to the edges, the logo scaled to 76% so that the whole mark (globe and
# call badge) stays inside the maskable safe zone, a centred circle of 80% of the icon's width.
cp "$LOGO" "$TMP/logo.svg"
cat >"$TMP/full-bleed.svg" <<EOF
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" fill="$BLUE"/>
  <image x="61.5" y="61.5" width="389" height="389" xlink:href="logo.svg"/>
</svg>
EOF
rsvg-convert -w 512 -h 512 "$TMP/full-bleed.svg" -o "$ICONS/maskable-512.png"
# iOS rounds the corners itself and shows transparency as black, so it gets the full-bleed variant.
rsvg-convert -w 180 -h 180 "$TMP/full-bleed.svg" -o "$PUBLIC/apple-touch-icon.png"

# Favicon: the logo itself (browsers scale the SVG).
cp "$LOGO" "$PUBLIC/favicon.svg"

# Default avatar: a neutral grey head-and-shoulders silhouette.
cat >"$TMP/default-avatar.svg" <<'EOF'
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">
  <rect width="200" height="200" fill="#e5e7eb"/>
  <circle cx="100" cy="80" r="38" fill="#9ca3af"/>
  <path d="M28 200C28 150 60 128 100 128S172 150 172 200Z" fill="#9ca3af"/>
</svg>
EOF
rsvg-convert -w 200 -h 200 "$TMP/default-avatar.svg" -o "$PUBLIC/default-avatar.png"

echo "Icons written to $ICONS and $PUBLIC"
