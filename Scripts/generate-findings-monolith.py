#!/usr/bin/env python3
"""Writes a generated monolith that prints thousands of findings on every run, the shape of
Telegram-iOS (issue 36), which cannot be fetched here: one module, 6,000 Swift files (1.48 M
lines), 15,800 NSLocalizedString calls of 11,800 keys, `en` complete and `es` holding a third
of the keys, so `linza lint` reports 10,532 missing_key warnings. docs/BENCHMARKS.md ("A
monolith's thousands of findings, again") measures warm runs on it.

Usage: Scripts/generate-findings-monolith.py FOLDER   (the folder must not exist)
"""
import os
import sys


def main(root):
    os.makedirs(root + "/App/en.lproj")
    os.makedirs(root + "/App/es.lproj")
    key_count, file_count, call_limit = 11800, 6000, 15800
    keys = [f"Screen{i % 400}.Item{i}.Title" for i in range(key_count)]
    with open(root + "/App/en.lproj/Localizable.strings", "w") as table:
        table.write("\n".join(f'"{key}" = "Text number {i}";' for i, key in enumerate(keys)) + "\n")
    with open(root + "/App/es.lproj/Localizable.strings", "w") as table:
        table.write("\n".join(f'"{key}" = "Texto {i}";' for i, key in enumerate(keys) if i % 3 == 0) + "\n")
    calls = 0
    for number in range(file_count):
        folder = f"{root}/App/Sources/Feature{number % 120}"
        os.makedirs(folder, exist_ok=True)
        lines = [f"import UIKit\n\nfinal class Controller{number}: UIViewController {{"]
        for method in range(40):
            lines.append(f"    func method{method}(_ value: Int) -> Int {{")
            for local in range(3):
                lines.append(f"        let v{local} = value * {local + method} + {number}")
            if method < 3 and calls < call_limit:
                key = keys[(number * 3 + method) % key_count]
                lines.append(f'        title = NSLocalizedString("{key}", comment: "")')
                calls += 1
            lines.append("        return v0 + v1 + v2\n    }")
        lines.append("}")
        with open(f"{folder}/Controller{number}.swift", "w") as source:
            source.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2 or os.path.exists(sys.argv[1]):
        sys.exit("usage: generate-findings-monolith.py FOLDER (a folder that does not exist)")
    main(sys.argv[1])
