#!/usr/bin/env bash
# Keeps CI's builds between runs on this machine, so that a build whose inputs did not change
# is not made again (CONTRIBUTING.md "Continuous integration").
#   .ci/build-cache.sh restore   before the builds: puts back each cached build whose key matches
#   .ci/build-cache.sh save      after them: stores each build not stored under its key yet
# A build's key is the git tree of every input it has (its app, the shared packages, the lock
# file) at HEAD, so any change to an input makes a new key; a working tree that differs from
# HEAD in an input is not cached at all. The type checker's incremental state
# (node_modules/.cache/tsc) is kept too, under one key: tsc re-checks what changed itself.
# The folder: LEADQUIZ_CI_CACHE, default ~/.cache/leadquiz-ci; the 30 newest entries are kept.
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${LEADQUIZ_CI_CACHE:-$HOME/.cache/leadquiz-ci}"
mkdir -p "$cache"

# name, output folder, inputs (space-separated paths of the repository)
builds=(
  "web|apps/web/dist|apps/web packages package-lock.json"
  "runtime|apps/runtime/dist|apps/runtime packages package-lock.json"
  "server|apps/server/dist|apps/server packages package-lock.json tsconfig.base.json"
)

key_of() { # inputs… → a key, or nothing when an input differs from HEAD
  local inputs=("$@")
  if [ -n "$(git status --porcelain -- "${inputs[@]}")" ]; then return 0; fi
  for input in "${inputs[@]}"; do git rev-parse "HEAD:$input"; done | sha256sum | cut -c1-20
}

restore() {
  for entry in "${builds[@]}"; do
    IFS='|' read -r name output inputs <<<"$entry"
    # shellcheck disable=SC2086 # the inputs are words
    key=$(key_of $inputs)
    archive="$cache/$name-$key.tar"
    if [ -n "$key" ] && [ -f "$archive" ]; then
      rm -rf "$output" && tar -xf "$archive"
      # Newer than the clone's sources, so `npm start` (scripts/start.mjs) takes it as built.
      find "$output" -exec touch {} +
      touch "$archive"
      echo "build cache: $name restored ($key)"
    else
      echo "build cache: $name not cached${key:+ ($key)}"
    fi
  done
  if [ -f "$cache/tsc.tar" ]; then
    mkdir -p node_modules/.cache && tar -xf "$cache/tsc.tar" && echo "build cache: tsc state restored"
  fi
}

save() {
  for entry in "${builds[@]}"; do
    IFS='|' read -r name output inputs <<<"$entry"
    # shellcheck disable=SC2086
    key=$(key_of $inputs)
    archive="$cache/$name-$key.tar"
    if [ -n "$key" ] && [ -d "$output" ] && [ ! -f "$archive" ]; then
      tar -cf "$archive.$$" "$output" && mv "$archive.$$" "$archive"
      echo "build cache: $name saved ($key)"
    fi
  done
  if [ -d node_modules/.cache/tsc ]; then
    tar -cf "$cache/tsc.tar.$$" node_modules/.cache/tsc && mv "$cache/tsc.tar.$$" "$cache/tsc.tar"
  fi
  # shellcheck disable=SC2012 # names are ours, without spaces
  ls -t "$cache"/*-*.tar 2>/dev/null | tail -n +31 | xargs -r rm -f
}

case "${1:-}" in
  restore) restore ;;
  save) save ;;
  *) echo "usage: $0 restore|save" >&2; exit 2 ;;
esac
