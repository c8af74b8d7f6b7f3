# Thin front door; CMake does the building. See README.md.
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc)
CMAKE_FLAGS ?= -DBITPROVE_WERROR=ON

.PHONY: all deps build build-asan demo check check-asan test test-quick install clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

# -O1, as AddressSanitizer's documentation recommends for a usable speed;
# Debug keeps the asserts (no NDEBUG)
build-asan: deps
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_FLAGS) -DBITPROVE_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_C_FLAGS_DEBUG="-g -O1"
	cmake --build $(ASAN_BUILD) -j $(JOBS)

demo: build
	@echo "== bitprove --prop termination examples/countdown.c"
	@./$(BUILD)/bitprove --prop properties/termination.prp examples/countdown.c
	@echo "== bitprove run --nondet 3 examples/countdown.c"
	@./$(BUILD)/bitprove run --nondet 3 examples/countdown.c
	@echo "== bitprove run --nondet 300000000 examples/countdown.c"
	@./$(BUILD)/bitprove run --nondet 300000000 examples/countdown.c

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Before every commit: the unit tests, the layering check and a sample of
# the regression tasks (ctest label `quick`), in under two minutes.
test-quick: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L quick

# The whole suite, then again under AddressSanitizer + UndefinedBehaviorSanitizer.
# regression/sample (label quick) is left out here: regression/verdicts runs
# every one of its tasks, with more time
check: build build-asan
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -E '^regression/sample$$'
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS) -E '^regression/sample$$'

# bitprove and its man page (bitprove.1, written from --help at build time)
# under PREFIX: PREFIX=/usr/local by default, e.g. make install PREFIX=~/.local
PREFIX ?= /usr/local
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
