#!/bin/sh
# Writes BuiltinThemes.swift: each named theme's files, by path under its folder, as base64 in string literals.
# Run by the EmbedThemes build plugin: embed.sh OUTPUT THEMES NAME...
#
# A shell script rather than a Swift tool: a Swift executable the plugin ran would be built with whatever flags the
# build is given, and the fuzz build's -sanitize=fuzzer makes every executable a libFuzzer one. base64 keeps any
# byte safe in a Swift literal; the engine decodes a theme's files once, when a site asks for it.
set -eu
output=$1 themes=$2
shift 2
tmp="$output.part"
{
  echo "// Made by Plugins/EmbedThemes/embed.sh from Themes/ at build time; not checked in."
  echo ""
  echo "/// The themes the binary carries: each file by its path under the theme's folder, its bytes in base64."
  echo "package enum BuiltinThemeFiles {"
  echo "    package static let base64: [String: [(path: String, base64: String)]] = ["
  for name in "$@"; do
    echo "        \"$name\": ["
    (cd "$themes/$name" && find . -type f ! -name '.*' | LC_ALL=C sort) | while IFS= read -r file; do
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
