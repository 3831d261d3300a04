# Two commands do everything on a fresh Debian machine with Swift: `make run` and `make test`.
SWIFT ?= swift
PYTHON ?= python3
APT_GET = DEBIAN_FRONTEND=noninteractive apt-get
PORT ?= 8000

.PHONY: run test layers format build release deps push-deps test-deps swift-test tsan-test portable-test browser-test examples docs push fuzz clean

## The Debian packages the build links: libcmark-gfm (GitHub's CommonMark with its extensions),
## KSyntaxHighlighting (Kate's highlighter, with Qt's headers) and libvips (pictures), installed when missing.
SYSTEM_PACKAGES = pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libkf5syntaxhighlighting-dev qtbase5-dev libvips-dev

deps:
	@{ pkg-config --exists libcmark-gfm Qt5Gui vips && test -f /usr/include/cmark-gfm-core-extensions.h \
		&& test -f /usr/include/KF5/KSyntaxHighlighting/KSyntaxHighlighting/Repository; } \
		|| { $(APT_GET) update -q && $(APT_GET) install -y -q --no-install-recommends $(SYSTEM_PACKAGES); }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product sectionsite

## Builds and serves the example site in this folder with live patching: open the printed URL, edit Content/.
run: build
	$(SWIFT) run sectionsite serve --site . --port $(PORT)

## The push server for live pages (deploy/nginx.conf): nginx with the nchan module, and Redis, from Debian.
PUSH_PACKAGES = nginx libnginx-mod-nchan redis-server
push-deps:
	@{ command -v nginx && test -f /usr/lib/nginx/modules/ngx_nchan_module.so && command -v redis-server; } >/dev/null \
		|| { $(APT_GET) update -q && $(APT_GET) install -y -q --no-install-recommends $(PUSH_PACKAGES); }

## What the browser tests need: Chromium from Debian, the push server, Playwright, pytest and pytest-xdist from PyPI.
test-deps: deps push-deps
	@command -v chromium >/dev/null || { $(APT_GET) update -q && $(APT_GET) install -y -q chromium; }
	@$(PYTHON) -c "import playwright, pytest, xdist, yaml" 2>/dev/null || $(PYTHON) -m pip install -q -r Tests/Browser/requirements.txt

swift-test: deps
	$(SWIFT) build
	$(SWIFT) test

## The Swift tests once more under ThreadSanitizer, in a build folder of their own; any race it reports fails them.
tsan-test: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --skip-build

## The package as a Mac builds it, on this machine: every Linux-only path turned off (SECTIONSITE_PORTABLE: no inotify,
## no renameat2, no ELF interposition of libcmark-gfm's table) and without KSyntaxHighlighting (the trait off), in a
## build folder of its own; then the Swift tests (those that need the highlighter are skipped and say so). A full
## second build of everything, 6 to 10 minutes on 2 cores: not part of `make test`.
PORTABLE = --disable-default-traits -Xswiftc -DSECTIONSITE_PORTABLE -Xcc -DSECTIONSITE_PORTABLE --scratch-path .build-portable
portable-test: deps
	$(SWIFT) build --build-tests $(PORTABLE)
	$(SWIFT) test --skip-build $(PORTABLE)

## The browser suite in BROWSER_WORKERS processes (pytest-xdist), each with its own Chromium: most of its tests wait
## on a browser, a server or a build, not on a core. Then, in one process, the tests marked `alone`: what they check
## is timed by the wall clock (`sectionsite serve`'s file watcher, animations; see Tests/Browser/conftest.py).
BROWSER_WORKERS ?= 3
BROWSER_ENV = SECTIONSITE_BIN=$(CURDIR)/.build/debug/sectionsite EXAMPLES=$(CURDIR)/.build
BROWSER_TESTS = $(BROWSER_ENV) $(PYTHON) -m pytest -q -n $(BROWSER_WORKERS) -m "not alone" Tests/Browser && \
	$(BROWSER_ENV) $(PYTHON) -m pytest -q -n 0 -m alone Tests/Browser
browser-test: test-deps examples
	$(BROWSER_TESTS)

## The example programs (Examples/Package.swift, depending on this package by path), built in this package's build
## folder (.build/debug/CoffeeSite, LiveBoard): SwiftPM finds SectionSite and its dependencies already compiled there
## with the same commands, and compiles only the two programs (seconds, where a folder of their own took two minutes).
## (Without manifest caching: SwiftPM then misses source files added to this package, which it takes as a dependency.)
examples: deps
	$(SWIFT) build --package-path Examples --scratch-path .build --disable-build-manifest-caching

## The documentation: the site in this folder (Content/docs/ is the manual) with the API reference of the libraries
## (docs.yml: their DocC catalog, Sources/SectionSite/SectionSite.docc, and every public symbol of SectionSite,
## SectionSiteEngine, SectionSiteDiff, SectionSiteHighlight, SectionSiteImages, SectionSitePreview and
## SectionSiteCommands, from the symbol graphs the compiler writes), built by SectionSite with its default theme into
## .build-docs/site and checked for broken links. The first run builds the package into .sectionsite/api/ (minutes).
## `make docs PREVIEW=1` serves it with live patching instead: edit a page or a doc comment and the tab follows.
docs: build
ifdef PREVIEW
	.build/debug/sectionsite serve --site . --config docs.yml --port $(PORT)
else
	.build/debug/sectionsite build --site . --config docs.yml --out .build-docs/site --quiet
	.build/debug/sectionsite check --site . --config docs.yml --quiet
endif

## Live pages for many readers, on this machine: redis-server on 127.0.0.1:6380 and nginx with nchan on
## 127.0.0.1:8080 (deploy/nginx.conf, run from .build-push/), serving the LiveBoard example with 20 station boards,
## built with `feed.live` (deploy/liveboard.yml) by `build --follow --publish`, which sends each tick's patches to
## nchan. Open http://127.0.0.1:8080/ or /stations/3/ in as many tabs as you like; Ctrl-C stops all three.
## (As root, nginx's workers stay root so they can read the site wherever it is; run it as a user in production.)
PUSH_RUN = $(CURDIR)/.build-push
PUSH_NGINX = nginx -p $(PUSH_RUN)/ -c $(CURDIR)/deploy/nginx.conf -e stderr $(if $(filter 0,$(shell id -u)),-g "user root;")
push: push-deps examples
	@mkdir -p $(PUSH_RUN)/logs $(PUSH_RUN)/tmp
	@ln -sfn $(PUSH_RUN)/out $(PUSH_RUN)/site
	redis-server --port 6380 --bind 127.0.0.1 --save '' --appendonly no --dir $(PUSH_RUN) --daemonize yes --pidfile $(PUSH_RUN)/redis.pid --logfile $(PUSH_RUN)/logs/redis.log
	@trap '$(PUSH_NGINX) -s quit 2>/dev/null; kill `cat $(PUSH_RUN)/redis.pid`' EXIT; trap 'exit 130' INT TERM; \
	BOARD_INTERVAL=$${BOARD_INTERVAL:-3} BOARD_STATIONS=$${BOARD_STATIONS:-20} BOARD_TICKS=1 \
		.build/debug/LiveBoard build --config deploy/liveboard.yml --out $(PUSH_RUN)/out --quiet && \
	$(PUSH_NGINX) && echo "Open http://127.0.0.1:8080/ (and /stations/1/ to /stations/$${BOARD_STATIONS:-20}/); Ctrl-C stops." && \
	BOARD_INTERVAL=$${BOARD_INTERVAL:-3} BOARD_STATIONS=$${BOARD_STATIONS:-20} .build/debug/LiveBoard build --follow \
		--config deploy/liveboard.yml --out $(PUSH_RUN)/out --publish http://127.0.0.1:8080/_push/pub --quiet

## The libFuzzer targets (Fuzz/), each for ten minutes; findings land in Fuzz/.findings/.
fuzz: deps
	$(SWIFT) build
	Fuzz/fuzz.sh --seconds 600

## The engine's folders reference only folders below them (the order is in Tests/layers.py); the checker first
## proves on a planted tree that it finds what it should. The code's figures stay in their bounds (Tests/figures.py),
## and the manual's list of errors is what the problem enums give (Tests/diagnostics.py). Seconds, no build: the
## first step of `make test`.
layers:
	$(PYTHON) Tests/layers.py --self-check
	$(PYTHON) Tests/layers.py
	$(PYTHON) Tests/figures.py --check
	$(PYTHON) Tests/diagnostics.py --check
	@! grep -rn '^@testable import' Sources Tests/TestSupport Tests/SiteTestSupport \
		|| { echo "error: a library target above imports @testable, which a plain 'swift build -c release' cannot compile"; exit 1; }
	@echo "swift format lint: $(words $(FORMATTED)) files (.swift-format)"
	@if $(SWIFT) format --version >/dev/null 2>&1; then $(SWIFT) format lint --strict --parallel $(FORMATTED); \
		else echo "warning: this toolchain has no 'swift format' (Swift 6 ships it): formatting not checked"; fi

## The Swift files `.swift-format` governs (the API test package and the examples shown in the docs are left as
## written); `make format` formats them in place.
FORMATTED = $(shell git ls-files '*.swift' | grep -v -e '^Tests/Fixtures/' -e '^Examples/')

format:
	$(SWIFT) format format -i --parallel $(FORMATTED)

## Every test: the engine's layers checked, the documentation site (this folder's example site) checked for broken
## links, the Swift suites, the example packages built, each fuzz target built beside them without libFuzzer and run
## over its seeds once (so that they keep building and their seeds keep passing; `make fuzz` fuzzes), then the
## real-browser suite (the examples' binaries among what it runs), whose summary line closes the run. The suites under ThreadSanitizer are `make tsan-test`, not part of
## this: building the package a third time took 5 of the 12 minutes `make test` may take on 2 cores.
test: layers test-deps
	$(SWIFT) build
	.build/debug/sectionsite build --site . --out .build-docs/site --quiet
	.build/debug/sectionsite check --site . --quiet
	$(SWIFT) test
	$(MAKE) examples
	Fuzz/fuzz.sh --replay
	$(BROWSER_TESTS)

clean:
	rm -rf .build .build-tsan Fuzz/.build-fuzz Fuzz/.corpus Fuzz/.findings _site .sectionsite
