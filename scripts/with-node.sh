#!/usr/bin/env bash
# Runs a command under another Node version, taken from the `node` package of the npm registry:
#   scripts/with-node.sh 24.21.0 npx vitest run --project server
# The version's `node` comes first on PATH, so npx, vitest and every child process that
# starts `node` or uses process.execPath run on it, not on the machine's Node.
set -euo pipefail
version="${1:?usage: scripts/with-node.sh VERSION COMMAND...}"
shift
bin="$(npx --yes --package "node@$version" -- which node)"
export PATH="$(dirname "$bin"):$PATH"
echo "Node $(node --version) from the node@$version package: $*"
exec "$@"
