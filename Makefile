# kit: `make run` and `make test` do everything on a fresh Debian machine, set-up included.

PREFIX      ?= $(HOME)/.local
BINDIR      ?= $(PREFIX)/bin
DATADIR     ?= $(PREFIX)/share
UNITDIR     ?= $(HOME)/.config/systemd/user
ZSHDIR      ?= $(DATADIR)/zsh/site-functions
SWIFT       ?= swift
KITD_FLAGS  ?=

DEBUG_BIN    = .build/debug
RELEASE_BIN  = .build/release

.PHONY: all deps build release static run test lint format bench bench-tray bench-neighbours install uninstall deb check-deb clean

all: build

## deps: install the Debian packages kit needs (apt-get, through sudo when not root); no-op when present
deps:
	@./scripts/deps.sh

## build: debug build; warnings are errors in kit's own targets (Package.swift)
build: deps
	$(SWIFT) build
	./scripts/po.sh build "$$($(SWIFT) build --show-bin-path)/../share/locale"

## release: release build; kitctl is then built again in its own build directory (.build-static) and linked for
## a quick start (a whole `kitctl timer start` took 8.5 ms with the defaults; see docs/performance.md):
## - the Swift runtime and Foundation inside it (--static-swift-stdlib): no dozen shared libraries to load;
## - libstdc++ inside it too (scripts/static-libstdcxx.sh): no libstdc++.so to load and start (0.7 ms);
## - libgcc's unwinder inside it (-static-libgcc): no libgcc_s.so to map and bind (0.08 ms);
## - the code its common commands run, and the data `timer start` touches, side by side (lld with
##   scripts/kitctl.order, which scripts/kitctl-order.py writes): a `kitctl timer start` takes 22 page faults
##   on code instead of 78, and 148 in all instead of 230 (0.5 ms); scripts/check-order.sh fails the build when
##   more than 2 % of the file's symbols are no longer in kitctl (lld, told not to warn, would say nothing);
## - at a fixed address (-no-pie): the loader has no 48,000 relocations to apply, with a copy of each page
##   they write (0.5 ms); no symbols exported (--no-export-dynamic), no $ORIGIN run path (--disable-local-rpath)
KITCTL_ORDER = -Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/kitctl.order \
	-Xlinker --no-warn-symbol-ordering
KITCTL_LINK = --disable-local-rpath -Xlinker --no-export-dynamic -Xlinker -no-pie -Xswiftc -Xclang-linker \
	-Xswiftc -static-libgcc $(KITCTL_ORDER)
release: deps
	$(SWIFT) build -c release
	./scripts/po.sh build "$$($(SWIFT) build -c release --show-bin-path)/../share/locale"
	SWIFT=$(SWIFT) ./scripts/static-libstdcxx.sh "$$($(SWIFT) build -c release --scratch-path .build-static --show-bin-path)"
	@# SwiftPM does not see the order file change: link again when it is newer than the binary.
	if [ scripts/kitctl.order -nt .build-static/release/kitctl ]; then rm -f .build-static/release/kitctl; fi
	$(SWIFT) build -c release --product kitctl --static-swift-stdlib --scratch-path .build-static $(KITCTL_LINK)
	./scripts/check-order.sh .build-static/release/kitctl
	cp .build-static/release/kitctl $(RELEASE_BIN)/kitctl

## static: release build of kitd and kitctl with the Swift runtime and Foundation inside both
## (--static-swift-stdlib), so that they need no toolchain to run: what the Debian package ships (make deb).
## It builds under .build-deb/swift, apart from .build, and compiles each module once for kitd, kitctl and
## generate-manual: what kitctl's link needs of the compiler (lld, for the order file, and libgcc inside it)
## is given to all three, since a flag given to swiftc changes every module's build; the rest differs in their
## links only (-Xlinker). kitctl is linked as in release (libstdc++ and libgcc inside it, no symbols exported)
## but as a position-independent executable, as Debian builds every program, so that its address is random:
## that costs 0.35 ms of CPU at each start (`kitctl --version` took 2.1 ms instead of 1.8, perf stat -r 500).
## Its 48,000 relocations are packed (-z pack-relative-relocs, which glibc 2.36 reads): 18 page faults
## fewer, 0.08 ms of a `kitctl timer start`.
## kitd loads libstdc++.so all the same (the system's ICU needs it), so it keeps that one rather than
## carry a second copy inside it: it is linked before libstdc++.a is put where the links look first. No `deps`
## first: debian/rules runs this, and a package build installs nothing (make deb has, before)
STATIC_SCRATCH = .build-deb
STATIC_BUILD   = $(STATIC_SCRATCH)/swift
STATIC_BIN     = $(STATIC_BUILD)/release
STATIC_FLAGS   = -c release --static-swift-stdlib --scratch-path $(STATIC_BUILD) --disable-local-rpath \
	-Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
STATIC_KITCTL_LINK = -Xlinker --no-export-dynamic -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/kitctl.order \
	-Xlinker --no-warn-symbol-ordering -Xlinker -z -Xlinker pack-relative-relocs
static:
	rm -f $(STATIC_BIN)/libstdc++.a
	$(SWIFT) build $(STATIC_FLAGS) --product kitd
	$(SWIFT) build $(STATIC_FLAGS) --product generate-manual
	SWIFT=$(SWIFT) ./scripts/static-libstdcxx.sh "$$($(SWIFT) build $(STATIC_FLAGS) --show-bin-path)"
	if [ scripts/kitctl.order -nt $(STATIC_BIN)/kitctl ]; then rm -f $(STATIC_BIN)/kitctl; fi
	$(SWIFT) build $(STATIC_FLAGS) --product kitctl $(STATIC_KITCTL_LINK)
	./scripts/check-order.sh $(STATIC_BIN)/kitctl

## run: set up, build, and run kitd in the foreground (Ctrl-C stops it)
run: build
	$(DEBUG_BIN)/kitd $(KITD_FLAGS)

## test: set up, build, run every test (unit and integration, with real dbus, Xvfb and dunst), verify the
## units, and check the formatting
test: build
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	$(SWIFT) test --skip-build
	./scripts/check-units.sh $(DEBUG_BIN)
	$(MAKE) lint

## lint: check the formatting against .swift-format; format: apply it
lint:
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks Package.swift

format:
	$(SWIFT) format format -i -r Sources Tests Benchmarks Package.swift

## bench: release build, then print the figures (the tray's too)
bench: release
	$(RELEASE_BIN)/kit-bench
	/usr/bin/python3 ./scripts/tray-figures.py $(RELEASE_BIN)

## bench-tray: kit in the tray (scripts/tray-figures.py): kitd's wake-ups with it on, idle PSS with it on
## and off, and a menu click to the timer it cancels
bench-tray: release
	/usr/bin/python3 ./scripts/tray-figures.py $(RELEASE_BIN)

## bench-neighbours: kit beside atd, remind and calcurse (scripts/neighbours.py): idle PSS with 0, 10,000
## and 100,000 pending, and scheduling one item as a whole command, beside what that stands on (/bin/true, a
## static Swift program, kitd's answer), back to back and each after 2 s idle; installs at, remind and calcurse first
bench-neighbours: release
	@BENCH=1 ./scripts/deps.sh
	./scripts/neighbours.py $(RELEASE_BIN)

## install: binaries into $(BINDIR), user units into $(UNITDIR), and into $(DATADIR) shell completions (zsh's
## into $(ZSHDIR)), man pages, kit.desktop (for notification servers) and its icon, and the message catalogs
## (locale/LANG/LC_MESSAGES/kit.mo). It installs what `make release` built; with INSTALL_BUILD=static, what
## `make static` built (debian/rules does that)
INSTALL_BUILD ?= release
INSTALL_BIN    = $(if $(filter static,$(INSTALL_BUILD)),$(STATIC_BIN),$(RELEASE_BIN))
install: $(INSTALL_BUILD)
	$(if $(filter static,$(INSTALL_BUILD)),,$(SWIFT) build -c release --product generate-manual)
	./scripts/man-pages.sh $(INSTALL_BIN)/generate-manual $(INSTALL_BIN)/kitctl "$(DESTDIR)$(DATADIR)/man"
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(UNITDIR)" \
		"$(DESTDIR)$(DATADIR)/bash-completion/completions" "$(DESTDIR)$(ZSHDIR)" \
		"$(DESTDIR)$(DATADIR)/fish/vendor_completions.d"
	install -m 0755 $(INSTALL_BIN)/kitd $(INSTALL_BIN)/kitctl "$(DESTDIR)$(BINDIR)/"
	install -d "$(DESTDIR)$(DATADIR)/kit"
	install -m 0644 Sources/KitRamenCatalog/ramen-catalog.json "$(DESTDIR)$(DATADIR)/kit/ramen-catalog.json"
	install -D -m 0644 share/kit.desktop "$(DESTDIR)$(DATADIR)/applications/kit.desktop"
	install -D -m 0644 share/kit.svg "$(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/kit.svg"
	./scripts/po.sh build "$(DESTDIR)$(DATADIR)/locale"
	sed "s|@BINDIR@|$(BINDIR)|g" systemd/kitd.service > "$(DESTDIR)$(UNITDIR)/kitd.service"
	install -m 0644 systemd/kitd.socket "$(DESTDIR)$(UNITDIR)/kitd.socket"
	./scripts/completions.sh bash $(INSTALL_BIN)/kitctl > "$(DESTDIR)$(DATADIR)/bash-completion/completions/kitctl"
	./scripts/completions.sh zsh $(INSTALL_BIN)/kitctl > "$(DESTDIR)$(ZSHDIR)/_kitctl"
	./scripts/completions.sh fish $(INSTALL_BIN)/kitctl > "$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/kitctl.fish"
	@echo "installed. Now: systemctl --user daemon-reload && systemctl --user enable --now kitd.socket"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/kitd" "$(DESTDIR)$(BINDIR)/kitctl" "$(DESTDIR)$(DATADIR)/kit/ramen-catalog.json" \
		"$(DESTDIR)$(UNITDIR)/kitd.service" "$(DESTDIR)$(UNITDIR)/kitd.socket" \
		"$(DESTDIR)$(DATADIR)/bash-completion/completions/kitctl" "$(DESTDIR)$(ZSHDIR)/_kitctl" \
		"$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/kitctl.fish" \
		"$(DESTDIR)$(DATADIR)/man/man8/kitd.8" "$(DESTDIR)$(DATADIR)/man/man5/kit.toml.5" \
		"$(DESTDIR)$(DATADIR)/man/man7/kit.7" \
		"$(DESTDIR)$(DATADIR)/applications/kit.desktop" "$(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/kit.svg" \
		"$(DESTDIR)$(DATADIR)"/locale/*/LC_MESSAGES/kit.mo \
		"$(DESTDIR)$(DATADIR)"/man/man1/kitctl.1 "$(DESTDIR)$(DATADIR)"/man/man1/kitctl.*.1

## deb: the Debian package, .build-deb/kit_VERSION_ARCH.deb, built from debian/ by dpkg-buildpackage
## (scripts/deb.sh) with kitd and kitctl as `make static` links them: it depends on Debian's libraries only.
## Install it with `sudo apt install ./.build-deb/kit_*.deb`
deb: deps
	./scripts/deb.sh

## check-deb: build the package, then check it as a user gets it (scripts/check-deb.sh): no library from the
## toolchain, kitd and kitctl run from it alone (a timer's popup reaches dunst), its units verify, its man pages
## render, and lintian passes
check-deb: deb
	./scripts/check-deb.sh

## clean: remove the debug and release builds (.build); the package's (.build-deb) stays
clean:
	rm -rf .build
