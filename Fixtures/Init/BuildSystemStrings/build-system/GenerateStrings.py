# Writes PresentationStrings+Generated.swift during the build: one member per key, the key's
# periods turned into underscores (Conversation.LinkCopied -> Conversation_LinkCopied); the
# forms of a plural text (_0, _1, _2, _3_10, _many, _any) become one function of a count.
import re
import sys

PLURAL_ENDINGS = ("_0", "_1", "_2", "_3_10", "_many", "_any")

def member(key):
    for ending in PLURAL_ENDINGS:
        if key.endswith(ending):
            return key[: -len(ending)].replace(".", "_"), True
    return key.replace(".", "_"), False

def main(strings_path, output_path):
    keys = re.findall(r'^"([^"]+)"\s*=', open(strings_path, encoding="utf-8").read(), re.M)
    with open(output_path, "w", encoding="utf-8") as out:
        out.write("extension PresentationStrings {\n")
        for name, plural in sorted({member(key) for key in keys}):
            if plural:
                out.write(f"    public func {name}(_ count: Int32) -> String {{ plural(\"{name}\", count) }}\n")
            else:
                out.write(f"    public var {name}: String {{ value(\"{name}\") }}\n")
        out.write("}\n")

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
