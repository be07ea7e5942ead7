#!/usr/bin/env bash
# `make fuzz`: builds the fuzz targets of Sources/LinzaFuzzing with libFuzzer and
# AddressSanitizer (swiftc -sanitize=fuzzer,address; the swift.org toolchain has libFuzzer,
# Xcode's does not) and runs each in turn. docs/FUZZING.md says what each target checks.
#
#     Scripts/fuzz.sh [--seconds N] [--runs N] [TARGET...]
#
# --seconds N   stop each target after N seconds (default 60)
# --runs N      ...or after N executions, whichever comes first
# --build-only  build .build/fuzz/linza-fuzz and stop
# TARGET        swift-source objc-source strings stringsdict catalog json configuration
#               writers archive (default: all)
#
# Each target's corpus grows in .build/fuzz/corpus/TARGET, seeded from Fixtures/ and the
# kept regression inputs (Tests/Fuzz/Regressions/TARGET), with the dictionary in
# Tests/Fuzz/Dictionaries/TARGET.dict. A crash, a hang (-timeout) or an out-of-memory
# (-rss_limit_mb) stops the script with the input's path under .build/fuzz/artifacts:
# fix it, then keep the input in Tests/Fuzz/Regressions/TARGET so that `swift test`
# replays it. A summary line per target (executions, coverage, peak memory) ends the run.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
runs=""
build_only=""
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --build-only) build_only=1; shift ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "error: unknown option $1 (see --help)" >&2; exit 64 ;;
        *) targets+=("$1"); shift ;;
    esac
done
all_targets=(swift-source objc-source strings stringsdict catalog json configuration writers archive xliff)
[ "${#targets[@]}" -gt 0 ] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
    case " ${all_targets[*]} " in *" $target "*) ;; *)
        echo "error: no fuzz target '$target'; the targets are: ${all_targets[*]}" >&2; exit 64 ;;
    esac
done

out=.build/fuzz
mkdir -p "$out/modules"

# The modules in dependency order (Package.swift), each a static library with coverage and
# ASan instrumentation, then the entry point linked with libFuzzer's main.
modules=(LinzaBase LinzaYAML LinzaSources LinzaTables LinzaConfiguration LinzaRules LinzaReporting LinzaLint LinzaWriting LinzaSetup
         LinzaKit LinzaFuzzing)
yaml_include=()
for flag in $(pkg-config --cflags-only-I yaml-0.1 2>/dev/null); do yaml_include+=(-Xcc "$flag"); done
yaml_libs=$(pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)
# shellcheck disable=SC2054 # the comma belongs to the option
common=(-sanitize=fuzzer,address -O -g -swift-version 6 -package-name linza -parse-as-library
        -I "$out/modules" -I Sources/CLibYAML "${yaml_include[@]}")

build_module() {
    local module="$1" stamp="$out/modules/$1.stamp"
    local sources
    sources=$(find "Sources/$module" -name '*.swift' | sort)
    # Rebuilt when a source of it or of a module below it is newer than its library.
    if [ -f "$stamp" ] && [ -z "$(find "Sources/$module" Scripts/fuzz.sh -newer "$stamp" -type f | head -1)" ] \
        && [ "${rebuilt:-}" = "" ]; then
        return
    fi
    rebuilt=1
    echo "Building $module for fuzzing..."
    # shellcheck disable=SC2086
    swiftc "${common[@]}" -emit-library -static -emit-module -module-name "$module" \
        -emit-module-path "$out/modules/$module.swiftmodule" -o "$out/modules/lib$module.a" $sources
    touch "$stamp"
}

rebuilt=""
for module in "${modules[@]}"; do build_module "$module"; done
if [ -n "$rebuilt" ] || [ ! -x "$out/linza-fuzz" ] || [ Tests/Fuzz/Entry.swift -nt "$out/linza-fuzz" ]; then
    libraries=()
    for ((index = ${#modules[@]} - 1; index >= 0; index--)); do libraries+=("-l${modules[index]}"); done
    # shellcheck disable=SC2086
    swiftc "${common[@]}" Tests/Fuzz/Entry.swift -L "$out/modules" "${libraries[@]}" $yaml_libs -o "$out/linza-fuzz"
fi
[ -z "$build_only" ] || { echo "Built $out/linza-fuzz"; exit 0; }

# Seeds: our fixtures by file type, and the inputs kept as regressions.
seed() {
    local target="$1" dir="$out/seeds/$1"
    rm -rf "$dir"; mkdir -p "$dir"
    local patterns=()
    case "$target" in
        swift-source) patterns=(-name '*.swift') ;;
        objc-source) patterns=(-name '*.m' -o -name '*.mm' -o -name '*.h') ;;
        strings) patterns=(-name '*.strings') ;;
        stringsdict) patterns=(-name '*.stringsdict') ;;
        catalog) patterns=(-name '*.xcstrings') ;;
        json) patterns=(-name '*.json' -o -name '*.xcstrings' -o -name '*.sarif') ;;
        configuration) patterns=(-name '.linza.yml' -o -name '*.yml') ;;
        writers) patterns=(-name '*.strings' -o -name '*.stringsdict' -o -name '*.xcstrings') ;;
        # Archives with their tables (ArchiveFuzzing's layout) are kept as regression inputs.
        archive) patterns=(-name '*.linza-archive-seed') ;;
        xliff) patterns=(-name '*.xliff') ;;
    esac
    local count=0
    while IFS= read -r -d '' file; do
        count=$((count + 1))
        if [ "$target" = writers ]; then
            # Three bytes choose the format and the edits (WriterFuzzing.Choice).
            local format=0
            case "$file" in *.stringsdict) format=2 ;; *.xcstrings) format=3 ;; esac
            # Removal and addition bytes: none and one; two removed and two added; all removed
            # and three added; one removed and none added.
            for edits in '\x00\x01' '\x05\x02' '\xff\x03' '\x02\x00'; do
                { printf '%b' "\\x0$format$edits"; cat "$file"; } > "$dir/$count-$format-${edits//\\/}"
                # A new file styled like this one.
                [ "$format" != 0 ] || { printf '%b' "\\x01$edits"; cat "$file"; } > "$dir/$count-new-${edits//\\/}"
            done
            # Renames too, and in a .stringsdict an entry moved to the end (bits 4 and 5).
            { printf '%b' "\\x3$format\\x05\\x02"; cat "$file"; } > "$dir/$count-$format-renamed"
        else
            cp "$file" "$dir/$count"
        fi
    done < <(find Fixtures -type f \( "${patterns[@]}" \) -size -64k -print0)
    # Binary property lists (which iOS reads too), converted from the fixtures' .stringsdict files.
    if { [ "$target" = strings ] || [ "$target" = stringsdict ]; } && command -v python3 >/dev/null 2>&1; then
        find Fixtures -name '*.stringsdict' -size -64k -print0 | python3 -c '
import plistlib, sys
for index, path in enumerate(sys.stdin.read().split("\0")[:-1]):
    try:
        with open(path, "rb") as source:
            value = plistlib.load(source)
    except Exception:
        continue
    with open(sys.argv[1] + "/binary-%d" % index, "wb") as target:
        plistlib.dump(value, target, fmt=plistlib.FMT_BINARY)
' "$dir"
    fi
    if [ -d "Tests/Fuzz/Regressions/$target" ]; then cp Tests/Fuzz/Regressions/"$target"/* "$dir/" 2>/dev/null || true; fi
}

summary=()
for target in "${targets[@]}"; do
    seed "$target"
    corpus="$out/corpus/$target" artifacts="$out/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536
             -print_final_stats=1 -artifact_prefix="$artifacts/" -dict="Tests/Fuzz/Dictionaries/$target.dict")
    [ -z "$runs" ] || options+=(-runs="$runs")
    log="$out/$target.log"
    echo "Fuzzing $target for up to ${seconds}s${runs:+ or $runs runs} (log: $log)..."
    status=0
    # Swift's backtracer would read the stack under ASan after a fatal error and be reported itself.
    LINZA_FUZZ_TARGET="$target" ASAN_OPTIONS=symbolize=0:detect_leaks=0 SWIFT_BACKTRACE=enable=no \
        "$out/linza-fuzz" "${options[@]}" "$corpus" "$out/seeds/$target" > "$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
    summary+=("$(printf '%-14s %12s executions  %-22s peak %s MB  corpus %s' "$target" "${executions:-?}" \
        "${coverage:-cov: ?}" "${peak:-?}" "$(find "$corpus" -type f | wc -l)")")
    if [ "$status" -ne 0 ]; then
        printf '%s\n' "${summary[@]}"
        grep -E 'ERROR|fuzz invariant|Fatal error|deadly signal|Test unit written' "$log" | head -20 >&2 || true
        echo "error: fuzz target $target failed (exit $status); the input is under $artifacts/, the log is $log." >&2
        echo "Fix it, then keep the input in Tests/Fuzz/Regressions/$target/ so that swift test replays it." >&2
        exit 1
    fi
done
printf '%s\n' "${summary[@]}"
