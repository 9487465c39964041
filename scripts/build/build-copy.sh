#!/usr/bin/env bash
# Builds a private copy of the site in /tmp/site-<name>, so that several writers can check their
# pages at the same time without touching each other's build output. Strict link checking is on.
#   bash scripts/build/build-copy.sh <name>          build only
#   bash scripts/build/build-copy.sh <name> serve    build, then serve it on a free port (printed)
set -euo pipefail
name=${1:?usage: build-copy.sh <name> [serve]}
src=$(cd "$(dirname "$0")/../.." && pwd)
dest=/tmp/site-$name
rm -rf "$dest" && mkdir -p "$dest"
tar -C "$src" --exclude=./node_modules --exclude=./build --exclude=./.docusaurus --exclude=./test-results \
  --exclude=./playwright-report --exclude=./.git -cf - . | tar -C "$dest" -xf -
ln -sfn "$src/node_modules" "$dest/node_modules"
cd "$dest"
DOCS_STRICT=true npx docusaurus build --out-dir build
if [ "${2:-}" = serve ]; then
  port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
  echo "serving $dest/build at http://localhost:$port"
  exec npx docusaurus serve --dir build --port "$port" --no-open
fi
