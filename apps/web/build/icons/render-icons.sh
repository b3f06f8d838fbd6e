#!/bin/sh
# Renders the app icons of the web app manifest (apps/web/public/icons) from the two SVGs
# beside this script with headless Chromium. The PNGs are committed: run this only after
# changing an SVG. Maskable icons are full-bleed with the glyph inside the 80 % safe circle.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../public/icons"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
render() { # svg size png [background]
  printf '<html><body style="margin:0"><img src="file://%s" width="%s" height="%s"></body></html>' \
    "$here/$1" "$2" "$2" > "$tmp/page.html"
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --default-background-color=00000000 --window-size="$2,$2" \
    --screenshot="$out/$3" "file://$tmp/page.html" > /dev/null 2>&1
}
mkdir -p "$out"
render icon.svg 192 icon-192.png
render icon.svg 512 icon-512.png
render icon-maskable.svg 192 icon-maskable-192.png
render icon-maskable.svg 512 icon-maskable-512.png
render icon-maskable.svg 180 apple-touch-icon.png
