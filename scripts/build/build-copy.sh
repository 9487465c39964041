#!/usr/bin/env bash
# Builds a private copy of the site in /tmp/site-<name>, so that several writers can check their
# pages at the same time without touching each other's build output. Strict link checking is on.
#   bash scripts/build/build-copy.sh <name>          build only
#   bash scripts/build/build-copy.sh <name> serve    build, then serve it on a free port (printed)
# The copy links each installed package but owns its build caches (node_modules/.cache), which it
# keeps from one run of the same name to the next: its builds never reuse or evict the working
# tree's Rspack cache, and a second build of the same copy is a warm one.
set -euo pipefail
name=${1:?usage: build-copy.sh <name> [serve]}
[[ $name =~ ^[A-Za-z0-9_-]+$ ]] || { echo "build-copy.sh: the name may hold letters, digits, - and _ only" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
dest=/tmp/site-$name
mkdir -p "$dest"
# Copies made before the copy had caches of its own link the working tree's whole node_modules.
if [ -L "$dest/node_modules" ]; then rm "$dest/node_modules"; fi
find "$dest" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
mkdir -p "$dest/node_modules"
find "$dest/node_modules" -mindepth 1 -maxdepth 1 ! -name .cache -exec rm -rf {} +
tar -C "$src" --exclude=./node_modules --exclude=./build --exclude=./.docusaurus --exclude=./test-results \
  --exclude=./playwright-report --exclude=./.git -cf - . | tar -C "$dest" -xf -
for entry in "$src"/node_modules/* "$src"/node_modules/.[!.]*; do
  if [ -e "$entry" ] && [ "$(basename "$entry")" != .cache ]; then ln -s "$entry" "$dest/node_modules/"; fi
done
cd "$dest"
DOCS_STRICT=true npx docusaurus build --out-dir build
if [ "${2:-}" = serve ]; then
  port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
  echo "serving $dest/build at http://localhost:$port"
  exec npx docusaurus serve --dir build --port "$port" --no-open
fi
