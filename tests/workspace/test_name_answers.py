"""A name asked for, answered with the words that give it ("就叫它阿旺吧", "叫佢做豬肉佬啦", "ok call it
pancake please"): the name is the words after them, never the whole answer."""

from __future__ import annotations

from tests.workspace.conftest import codes, make_desk


async def test_a_name_answered_with_the_words_giving_it() -> None:
    answers = (("就叫它阿旺吧", "阿旺"), ("叫佢做豬肉佬啦", "豬肉佬"), ("call it pancake", "pancake"))
    for answer, name in answers:
        chat = make_desk().chat
        asked = await chat.say("添加币安账户，名字叫 ，")
        assert codes(asked) == ["name_unsure", "ask_name"]
        answered = await chat.say(answer)
        assert answered.route is not None and answered.route.slots["name"] == name, answer
