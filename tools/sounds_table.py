"""Write core/language/sounds.txt: each toneless pinyin syllable and the common characters
(GB 2312's 6,763) read so, from pypinyin's character table. core.language.slips reads it to find
a Chinese input method's same-sound slips ("于额" for 余额). The table does not change with the
lexicon; run this again only to take a new pypinyin's readings:
    python -m tools.sounds_table
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "core" / "language" / "sounds.txt"


def _common(ch: str) -> bool:
    try:
        ch.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return "\u4e00" <= ch <= "\u9fff"


def table() -> str:
    """The file's text, from the pypinyin installed."""
    from pypinyin.contrib.tone_convert import to_normal
    from pypinyin.pinyin_dict import pinyin_dict

    by_sound: dict[str, list[str]] = {}
    for code, said in sorted(pinyin_dict.items()):
        ch = chr(code)
        if _common(ch):
            for syllable in dict.fromkeys(to_normal(s) for s in said.split(",")):
                by_sound.setdefault(syllable, []).append(ch)
    header = "# toneless syllable<TAB>the GB 2312 characters read so (tools/sounds_table.py, from pypinyin)\n"
    lines = (f"{syllable}\t{''.join(chars)}\n" for syllable, chars in sorted(by_sound.items()))
    return header + "".join(lines)


def main() -> None:
    OUT.write_text(table(), encoding="utf-8")
    print(f"{OUT.name} written")


if __name__ == "__main__":
    main()
