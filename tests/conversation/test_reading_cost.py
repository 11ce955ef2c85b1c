"""What reading a message's clauses costs, counted rather than timed (issue 21: routing p99 per
message, make bench): a step that was made cheap fails here when it goes back to its old cost."""

from __future__ import annotations

import pytest

from core.conversation.across import kept
from core.conversation.spaces import cut_spaces
from core.language import tagger
from core.language.gazetteer import Gazetteer
from core.language.tagger import Reading, Tagger, words


def test_a_space_after_latin_reads_no_story_before_it() -> None:
    """Only a space after Chinese may cut: the story before a space after a Latin word is never
    read (it was, for every space beside a join of a long English message: a tenth of its cost)."""
    told: list[str] = []

    def telling(piece: str) -> bool:
        told.append(piece)
        return False

    text = "give me btc's current price and also the 7 day trend, i'm writing an update for my chat"
    joins = ((28, 31), (32, 36), (52, 53))  # "and", "also", ","
    assert cut_spaces(text, joins, telling) == ()
    assert told == []


def test_a_space_after_chinese_beside_a_join_still_reads_the_story() -> None:
    told: list[str] = []

    def telling(piece: str) -> bool:
        told.append(piece)
        return True

    text = "剛下課，晚餐還沒吃 先幫我查一下 BNB 現價"
    assert cut_spaces(text, ((3, 4),), telling) == ((9, 10), (16, 17))
    assert told == ["晚餐還沒吃", "晚餐還沒吃 先幫我查一下"]  # none for the space after "BNB"


def test_a_piece_keeping_nothing_is_not_tagged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every piece is asked whether it keeps a record ("…, keep alice"): only one with a keep word
    is tagged for it (each piece was tagged for it, then again with the coins when routed)."""
    tagged: list[str] = []
    read = Tagger._read

    def counted_read(self: Tagger, piece: str, names: Gazetteer | None) -> Reading:
        tagged.append(piece)
        return read(self, piece, names)

    monkeypatch.setattr(Tagger, "_read", counted_read)
    monkeypatch.setattr(tagger, "_READ", {})
    words.cache_clear()
    assert not kept("3000到4000，20格") and not kept("and also the 7 day trend")
    assert tagged == []
    assert kept("keep alice") and not kept("keep telling me")
    assert tagged == ["keep alice", "keep telling me"]
