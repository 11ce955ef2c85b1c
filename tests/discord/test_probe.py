async def test_probe(env, handler):
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    result = await alice.slash(channel, "history", coin="btc")
    att = result.response.attachments
    print(att, att[0].filename, att[0].url)
    data = await att[0].read()
    print(data[:10])
    print(result.response.embeds[0].to_dict())
    r = await alice.slash(channel, "price", coin="btc")
    r2 = await bob.click(r.response, label="Refresh")
    print(r2, r2.followups, r2.followups[0].content, r2.followups[0].ephemeral, r.response.components)
    r3 = await alice.click(r.response, label="Refresh")
    print(r3, r3.response, r.response.components, r.response.embeds[0].fields)
    msg = channel.last_message
    print(msg, msg.components, msg.embeds)
    u = env.create_user("carol")
    r4 = await u.slash("price", coin="eth")
    print(r4, r4.response.embeds, handler.events[-1])
    ch = await alice.autocomplete(channel, "price", "coin", "以太")
    print(ch)
    assert 0
