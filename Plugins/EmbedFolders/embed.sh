#!/bin/sh
# Writes OUTPUT, a Swift enum ENUM: the files of each named folder of FOLDER (a theme of Themes/, a starter of
# Starters/), by path under it, as base64 in string literals, hidden files included (a starter's .gitignore).
# Run by the EmbedFolders build plugin: embed.sh OUTPUT ENUM FOLDER NAME...
#
# A shell script rather than a Swift tool: a Swift executable the plugin ran would be built with whatever flags the
# build is given, and the fuzz build's -sanitize=fuzzer makes every executable a libFuzzer one. base64 keeps any
# byte safe in a Swift literal; the engine decodes a theme's files once, when a site asks for it.
set -eu
output=$1 enum=$2 themes=$3
shift 3
tmp="$output.part"
{
  echo "// Made by Plugins/EmbedFolders/embed.sh at build time; not checked in."
  echo ""
  echo "/// The folders the binary carries: each file by its path under the folder, its bytes in base64."
  echo "package enum $enum {"
  echo "    package static let base64: [String: [(path: String, base64: String)]] = ["
  for name in "$@"; do
    echo "        \"$name\": ["
    (cd "$themes/$name" && find . -type f ! -name '.DS_Store' | LC_ALL=C sort) | while IFS= read -r file; do
      path=${file#./}
      data=$(base64 < "$themes/$name/$path" | tr -d '\n')
      echo "            (\"$path\", \"$data\"),"
    done
    echo "        ],"
  done
  echo "    ]"
  echo "}"
} > "$tmp"
mv "$tmp" "$output"
