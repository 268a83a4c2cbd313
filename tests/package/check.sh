#!/usr/bin/env bash
# The installable packages as an organizer gets them: their metadata and contents, then
# the programs run from a root they were unpacked into (not from the checkout):
# `qisai --version`, `qisai demo`, `qisai serve` answering with its embedded UI, and the
# real desktop window (under Xvfb, through tauri-driver).
#   tests/package/check.sh [target/release/bundle]
set -euo pipefail
root_dir="$(cd "$(dirname "$0")/../.." && pwd)"
bundle="${1:-${CARGO_TARGET_DIR:-$root_dir/target}/release/bundle}"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$root_dir/Cargo.toml" | head -1)
passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
bad() { echo "FAILED: $*" >&2; failed=$((failed + 1)); }
expect() { # expect DESCRIPTION COMMAND...
  local what=$1
  shift
  if "$@" >/dev/null 2>&1; then ok "$what"; else bad "$what"; fi
}

deb="$bundle/deb/qisai_${version}_amd64.deb"
rpm=$(ls "$bundle"/rpm/qisai*"$version"*.x86_64.rpm 2>/dev/null | head -1)
[[ -f "$deb" ]] || { echo "no $deb" >&2; exit 1; }
[[ -n "$rpm" ]] || { echo "no rpm in $bundle/rpm" >&2; exit 1; }

work=$(mktemp -d)
server=""
cleanup() {
  [[ -z "$server" ]] || kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== the .deb: metadata"
field() { dpkg-deb -f "$deb" "$1"; }
expect "Package is qisai" test "$(field Package)" = qisai
expect "Version is $version" test "$(field Version)" = "$version"
expect "Architecture is amd64" test "$(field Architecture)" = amd64
depends=$(field Depends)
for dep in libwebkit2gtk-4.1-0 libgtk-3-0; do
  expect "Depends names $dep ($depends)" grep -qw -- "$dep" <<<"$depends"
done

echo "== the .deb: contents"
dpkg-deb -c "$deb" | awk '{print $NF}' | sed -E 's|^\.?/?|/|' >"$work/deb-files"
contents=(
  /usr/bin/qisai
  /usr/bin/qisai-desktop
  /usr/share/applications/qisai.desktop
  /usr/share/icons/hicolor/128x128/apps/qisai-desktop.png
  /usr/share/mime/packages/qisai.xml
  /usr/share/fonts/truetype/qisai/wqy-microhei.ttc
)
for f in "${contents[@]}"; do
  expect "the .deb holds $f" grep -qx -- "$f" "$work/deb-files"
done

mkdir -p "$work/root"
dpkg-deb -x "$deb" "$work/root"
desktop="$work/root/usr/share/applications/qisai.desktop"
expect "the menu entry is named 棋赛" grep -qx 'Name=棋赛' "$desktop"
expect "the menu entry is named Qisai in English" grep -qx 'Name\[en\]=Qisai' "$desktop"
expect "the menu entry opens a file it is given" grep -qx 'Exec=qisai-desktop %f' "$desktop"
expect "the menu entry takes .qisai files" grep -q '^MimeType=.*application/x-qisai' "$desktop"
if command -v desktop-file-validate >/dev/null; then
  expect "the menu entry is valid (desktop-file-validate)" desktop-file-validate "$desktop"
fi
# The file type: the shared MIME database built from the package's file alone knows
# *.qisai as application/x-qisai.
mkdir -p "$work/mime/packages"
cp "$work/root/usr/share/mime/packages/qisai.xml" "$work/mime/packages/"
if command -v update-mime-database >/dev/null; then
  update-mime-database "$work/mime" >/dev/null 2>&1 || true
  expect "*.qisai is application/x-qisai in the MIME database" \
    grep -qx 'application/x-qisai:\*.qisai' <(cut -d: -f2- "$work/mime/globs2")
else
  expect "the MIME type names *.qisai" grep -q 'glob pattern="\*.qisai"' "$work/mime/packages/qisai.xml"
fi
cmp -s "$work/root/usr/share/fonts/truetype/qisai/wqy-microhei.ttc" "$root_dir/assets/fonts/wqy-microhei.ttc" &&
  ok "the bundled font is the project's" || bad "the bundled font differs from assets/fonts"

echo "== the .rpm: metadata and contents"
query() { rpm -qp --nosignature --queryformat "$1" "$rpm" 2>/dev/null; }
expect "rpm Name is qisai" test "$(query '%{NAME}')" = qisai
expect "rpm Version is $version" test "$(query '%{VERSION}')" = "$version"
expect "rpm Arch is x86_64" test "$(query '%{ARCH}')" = x86_64
# By library, so that every RPM distribution finds its own package of it.
requires=$(rpm -qp --nosignature --requires "$rpm" 2>/dev/null)
for dep in 'libwebkit2gtk-4.1.so.0()(64bit)' 'libgtk-3.so.0()(64bit)'; do
  expect "rpm Requires $dep" grep -qxF -- "$dep" <<<"$requires"
done
rpm -qp --nosignature --list "$rpm" 2>/dev/null >"$work/rpm-files"
for f in /usr/bin/qisai /usr/bin/qisai-desktop /usr/share/applications/qisai.desktop \
  /usr/share/mime/packages/qisai.xml /usr/share/fonts/qisai/wqy-microhei.ttc; do
  expect "the .rpm holds $f" grep -qx -- "$f" "$work/rpm-files"
done
expect "the .rpm refreshes the MIME, menu and font caches after install" \
  grep -q update-mime-database <(rpm -qp --nosignature --scripts "$rpm" 2>/dev/null)

echo "== the programs, from the unpacked root"
bin="$work/root/usr/bin"
# Out of the checkout, so that nothing but what the package holds is found.
cd "$work"
said=$("$bin/qisai" --version)
expect "qisai --version says $version ($said)" grep -q -- "$version" <<<"$said"
"$bin/qisai" demo "$work/demo.qisai" >"$work/demo.out" 2>&1 &&
  ok "qisai demo ran" || { bad "qisai demo"; cat "$work/demo.out" >&2; }
expect "the demo's standings were printed" grep -q '王' "$work/demo.out"
expect "the demo event checks out" "$bin/qisai" -f "$work/demo.qisai" check

"$bin/qisai" serve "$work/demo.qisai" --port 0 >"$work/serve.out" 2>&1 &
server=$!
url=""
for _ in $(seq 100); do
  url=$(sed -n 's|^Qisai: .* at \(http://[^ ]*/\)$|\1|p' "$work/serve.out" | head -1)
  [[ -n "$url" ]] && break
  sleep 0.1
done
if [[ -n "$url" ]]; then
  ok "qisai serve started at $url"
  page=$(curl -sf "$url" || true)
  expect "qisai serve answers with its embedded UI" grep -q '<div id="app"' <<<"$page"
  expect "the UI's script is served" curl -sf -o /dev/null "$url$(grep -o 'assets/[^"]*\.js' <<<"$page" | head -1)"
  answer=$(curl -sf -X POST -H 'Content-Type: application/json' -d '{}' "${url}api/entrants.list" || true)
  expect "qisai serve answers an operation on the demo event" grep -q '"name"' <<<"$answer"
else
  bad "qisai serve did not say where it listens"
  cat "$work/serve.out" >&2
fi
kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
server=""

echo "== the packaged desktop window"
cd "$root_dir"
if xvfb-run -a node tests/desktop/window.mjs "$bin/qisai-desktop" "$bin/qisai"; then
  ok "the desktop window test passed against the packaged qisai-desktop"
else
  bad "the desktop window test against the packaged qisai-desktop"
fi

echo "package: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
