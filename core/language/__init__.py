"""One layer every skill reads people's words through (issue 21).

    text -> normalize (NFKC, case, width, zh-Hant -> zh)
         -> tag: lexicon concepts, coins, the person's own record names, values
         -> score: every skill's intents against the tags; best wins, a close tie asks
         -> slots: from the tags the winning intent declares; a value not read exactly is refused

Modules: ``values`` (the one grammar for amounts, prices, percents, durations, counts), and the
normalizer, lexicon, tagger and intent engine beside it. No skill keeps patterns of its own.
"""
