"""A record of one ask put on another of theirs in the next: by a pronoun ("hook up a kimi model
then put gary on it", "…，然后让老王用它") or with the record left unsaid ("接一个deepseek模型，然后给
夜猫子用上"). A record made has no name yet: it is known by its provider or exchange
(references.recall_of). Before, the later ask was dropped as a remark or read with no model."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.conversation.references import links, recall_of
from core.routing.router import Route
from core.state import RecordRef
from tests.corpus.expect import context
from tests.fakes import full_router


def _asks(text: str, names: dict[str, list[str]]) -> list[tuple[str, str, dict[str, object]]]:
    asks = read_asks(text, full_router(), context({"text": text, "names": names}), locale="zh")
    return [(r.skill, r.action, dict(r.slots)) for r in asks]


def test_a_made_model_is_known_by_its_provider() -> None:
    record = recall_of(Route("model_management", "create", {"provider": "kimi"}), made=True).record
    assert record is not None and record.name == "kimi"
    assert recall_of(Route("model_management", "query", {"provider": "kimi"}), made=True).record is None
    # Only where it is put on another record: "kimi 設定唔用啦 移除佢" deletes kimi, no model made first.
    assert recall_of(Route("model_management", "create", {"provider": "kimi"})).record is None


def test_links_only_another_skills_value() -> None:
    record = RecordRef(skill="model_management", name="kimi")
    assert links(Route("trader_management", "update", {"model": "kimi", "target_ref": {"name": "g"}}), record)
    assert not links(Route("model_management", "update", {"target_ref": {"name": "kimi"}}), record)


def test_put_on_it_by_a_pronoun() -> None:
    asks = _asks(
        "kimi测试的地址改成https://api.moonshot.cn/v1，然后让老王用它",
        {"model": ["kimi测试"], "trader": ["老王"]},
    )
    assert [(s, a) for s, a, _ in asks] == [("model_management", "update"), ("trader_management", "update")]
    assert asks[1][2]["model"] == "kimi测试" and asks[1][2]["target_ref"] == {"name": "老王"}


def test_put_on_it_left_unsaid() -> None:
    asks = _asks("接一个deepseek模型，然后给夜猫子用上", {"trader": ["夜猫子"]})
    assert asks[1][:2] == ("trader_management", "update") and asks[1][2]["model"] == "deepseek"


def test_another_act_on_the_trader_stays_its_own() -> None:
    asks = _asks("接一个deepseek模型，然后启动夜猫子", {"trader": ["夜猫子"]})
    assert asks[1][:2] == ("trader_management", "start")


def test_the_copy_is_changed_never_named_by_the_change() -> None:
    asks = _asks("复制囤币计划，然后把副本改成每天一次", {"strategy": ["囤币计划"]})
    assert [(s, a) for s, a, _ in asks] == [
        ("strategy_management", "duplicate"),
        ("strategy_management", "update"),
    ]
    assert "name" not in asks[0][2]  # 每天一次 is no name of the copy
    assert "target_ref" not in asks[1][2]  # the copy has no name yet: which one is asked, never the original
