"""What people call coins: English names, Chinese names and slang (simplified and traditional).

The exchange's catalog knows tickers only; these names are deskmate's own knowledge, kept for the
coins people name most. A name here only counts when the catalog lists the coin's USDT market,
so a delisted coin is "not supported", never another coin.

Look-alikes matter as much as names: "比特币现金" is Bitcoin Cash (BCH), not Bitcoin, and
"比特币ETF" is no coin at all. Every longer name is matched before its prefix, so each of these
resolves to itself (or to "not a coin") and never to the coin whose name it starts with.
"""

from __future__ import annotations

from typing import Final

# Frequent misspellings people type for a coin: read as the coin, never offered as its names.
MISSPELLED: Final[dict[str, tuple[str, ...]]] = {
    "BTC": ("bitcion", "bitcon", "bitcoing", "比特比"),
    "ETH": ("ethreum", "etherium", "etheruem"),
    "SOL": ("solona", "solanna"),
}

# base -> (English name, Chinese name, other names: slang, traditional, Taiwanese, short forms)
COIN_NAMES: Final[dict[str, tuple[str, str, tuple[str, ...]]]] = {
    # 饼 / 餅 alone is chat's Bitcoin ("饼和姨太报个价", "卖0.01个饼"); the words it sits inside name none
    # (NOT_COINS: 饼干, 月饼, 饼图 …), 二饼 is ETH and 煎饼 CAKE (a longer name wins). "orange coin",
    # "digital gold" and "king coin" are English chat's ("whats the orange coin trading at").
    "BTC": (
        "Bitcoin",
        "比特币",
        (
            "比特幣",
            "大饼",
            "大餅",
            "xbt",
            "btc/usdt",
            "sats",
            "satoshis",
            "satoshi",
            "饼",
            "餅",
            "orange coin",
            "digital gold",
            "king coin",
        ),
    ),
    "ETH": (
        "Ethereum",
        "以太坊",
        (
            "ether",
            "以太",
            "以太币",
            "以太幣",
            "姨太",
            "二饼",
            "二餅",
            "eth/usdt",
            "乙太坊",
            "乙太币",
        ),
    ),
    "SOL": ("Solana", "索拉纳", ("索拉納", "sol/usdt")),
    "BNB": ("BNB", "币安币", ("幣安幣", "binance coin")),
    "XRP": ("XRP", "瑞波币", ("ripple", "瑞波", "瑞波幣")),
    "DOGE": ("Dogecoin", "狗狗币", ("狗狗幣", "狗狗", "狗币", "狗幣", "狗子")),
    "ADA": ("Cardano", "艾达币", ("艾達幣", "卡尔达诺", "卡爾達諾")),
    "TRX": ("TRON", "波场", ("波場", "tron")),
    "LTC": ("Litecoin", "莱特币", ("萊特幣", "莱特", "萊特")),
    "BCH": ("Bitcoin Cash", "比特币现金", ("比特幣現金", "bcash")),
    "ETC": ("Ethereum Classic", "以太经典", ("以太經典", "以太坊经典", "以太坊經典")),
    "WBTC": ("Wrapped Bitcoin", "包装比特币", ("包裝比特幣", "wrapped btc")),
    "DOT": ("Polkadot", "波卡", ()),
    "AVAX": ("Avalanche", "雪崩", ("雪崩协议", "雪崩協議")),
    "LINK": ("Chainlink", "链链", ("鏈鏈",)),
    "SHIB": ("Shiba Inu", "柴犬币", ("柴犬幣", "shiba")),
    "PEPE": ("Pepe", "佩佩", ("青蛙币", "青蛙幣")),
    "SUI": ("Sui", "Sui", ()),
    "TON": ("Toncoin", "Toncoin", ()),
    "UNI": ("Uniswap", "Uniswap", ()),
    "ATOM": ("Cosmos", "阿童木", ()),
    "XLM": ("Stellar", "恒星币", ("恆星幣",)),
    "NEAR": ("NEAR Protocol", "NEAR", ()),
    "APT": ("Aptos", "Aptos", ()),
    "ARB": ("Arbitrum", "Arbitrum", ()),
    "OP": ("Optimism", "Optimism", ()),
    "FIL": ("Filecoin", "文件币", ("文件幣",)),
    "ICP": ("Internet Computer", "Internet Computer", ()),
    "HBAR": ("Hedera", "Hedera", ()),
    "AAVE": ("Aave", "Aave", ()),
    "FET": ("Fetch.ai", "Fetch.ai", ()),
    "RENDER": ("Render", "Render", ()),
    "INJ": ("Injective", "Injective", ()),
    "SEI": ("Sei", "Sei", ()),
    "TIA": ("Celestia", "Celestia", ()),
    "WLD": ("Worldcoin", "世界币", ("世界幣",)),
    "FLOKI": ("Floki", "Floki", ()),
    "BONK": ("Bonk", "Bonk", ()),
    "WIF": ("dogwifhat", "dogwifhat", ()),
    "ENA": ("Ethena", "Ethena", ()),
    "ONDO": ("Ondo", "Ondo", ()),
    "JUP": ("Jupiter", "Jupiter", ()),
    "PYTH": ("Pyth Network", "Pyth", ()),
    "STX": ("Stacks", "Stacks", ()),
    "ALGO": ("Algorand", "Algorand", ()),
    "VET": ("VeChain", "唯链", ("唯鏈",)),
    "EOS": ("EOS", "柚子", ("柚子币", "柚子幣")),
    "NEO": ("NEO", "小蚁", ("小蟻",)),
    "ZEC": ("Zcash", "大零币", ("大零幣",)),
    "DASH": ("Dash", "达世币", ("達世幣",)),
    "XTZ": ("Tezos", "Tezos", ()),
    "IOTA": ("IOTA", "埃欧塔", ()),
    "QTUM": ("Qtum", "量子链", ("量子鏈",)),
    "MANA": ("Decentraland", "Decentraland", ()),
    "SAND": ("The Sandbox", "沙盒", ()),
    "AXS": ("Axie Infinity", "Axie Infinity", ()),
    "APE": ("ApeCoin", "猿猴币", ("猿猴幣",)),
    "GALA": ("Gala", "Gala", ()),
    "CHZ": ("Chiliz", "Chiliz", ()),
    "CRV": ("Curve", "Curve", ()),
    "COMP": ("Compound", "Compound", ()),
    "SNX": ("Synthetix", "Synthetix", ()),
    "GRT": ("The Graph", "The Graph", ()),
    "LDO": ("Lido DAO", "Lido", ()),
    "PENDLE": ("Pendle", "Pendle", ()),
    "RUNE": ("THORChain", "THORChain", ()),
    "KAVA": ("Kava", "Kava", ()),
    "EGLD": ("MultiversX", "MultiversX", ()),
    "THETA": ("Theta Network", "Theta", ()),
    "FTM": ("Fantom", "Fantom", ()),
    "S": ("Sonic", "Sonic", ()),
    "POL": ("Polygon", "Polygon", ("matic",)),
    "TRUMP": ("Official Trump", "特朗普币", ("川普币", "川普幣", "特朗普幣")),
    "NOT": ("Notcoin", "Notcoin", ()),
    "ORDI": ("ORDI", "ORDI", ()),
    "CAKE": ("PancakeSwap", "煎饼", ("煎餅",)),
    "FDUSD": ("First Digital USD", "FDUSD", ()),
    "USDC": ("USD Coin", "USDC", ()),
    "PAXG": ("PAX Gold", "PAX 黄金", ()),
    # Well known, not listed on Binance spot: named so they are "not supported", never unknown.
    "XMR": ("Monero", "门罗币", ("門羅幣", "门罗", "門羅")),
    "HYPE": ("Hyperliquid", "Hyperliquid", ()),
}

# Phrases that name something that is not a coin deskmate quotes, though they start with a coin's
# name: an ETF, a futures contract, a mining rig. They must never resolve to the coin itself.
NOT_COINS: Final[tuple[str, ...]] = (
    "比特币etf", "比特幣etf", "以太坊etf", "以太坊etf", "bitcoin etf", "btc etf", "eth etf",
    "ethereum etf", "比特币期货", "比特幣期貨", "以太坊期货", "bitcoin futures", "btc futures",
    "比特币矿机", "比特幣礦機", "比特币基金", "bitcoin fund", "bitcoin treasury", "比特币概念股",
    "bitcoin gold", "比特币黄金", "比特幣黃金", "bitcoin sv", "比特币sv", "bsv",
    "ethereum pow", "ethw", "以太坊pow",
    "饼干", "餅乾", "月饼", "月餅", "饼图", "餅圖", "饼状图", "餅狀圖", "画饼", "畫餅", "烧饼", "燒餅",
    "手抓饼", "手抓餅", "大饼脸", "大餅臉", "煎饼果子", "煎餅果子", "鸡蛋饼", "雞蛋餅", "老婆饼", "老婆餅",
    "蛋饼", "蛋餅", "肉饼", "肉餅", "馅饼", "餡餅", "飞饼", "飛餅", "披萨饼", "薄饼", "薄餅",
)  # fmt: skip

# Tickers that are everyday words: they name a coin only with "$" ("$ONE") or when the message
# asks for a price and names no other coin ("ONE price"); "one ether" is about ETH.
COMMON_WORD_TICKERS: Final[frozenset[str]] = frozenset(
    {
        "ONE", "HOT", "AI", "ME", "NOT", "GAS", "BOND", "ACT", "DOG", "CAT", "PEOPLE", "MEME",
        "SUN", "FUN", "BIO", "DATA", "FORM", "KEY", "MASK", "OG", "ID", "EDU", "HIGH", "COOKIE",
        "BANANA", "PORTAL", "SUPER", "AUCTION", "HOOK", "MAGIC", "LINK", "TON", "NEAR", "OP",
        "S", "ALPHA", "CYBER", "ARK", "BEL", "BAT", "DEGO", "DENT", "FIRO", "GHST", "LUNA", "MOVE",
        "PIXEL", "PROM", "QI", "RARE", "RAY", "SAGA", "SANTOS", "STORJ", "TRU", "USUAL", "VIC",
        "WIN", "BOME", "ACE", "AXL", "BB", "CHESS", "COS", "DYM", "FIDA", "G", "HARD", "IQ",
        "JOE", "KDA", "LISTA", "MBOX", "NFP", "OM", "POND", "QUICK", "REZ", "SCR", "THE", "TURBO",
        "UMA", "VANRY", "WOO", "XAI", "ZK", "ZRO", "A", "T", "C", "D", "W", "I", "U", "ANIME",
        "BANK", "BERA", "EPIC", "GPS", "HOME", "INIT", "KAITO", "LAYER", "MUBARAK", "NIL", "PARTI",
        "RED", "SIGN", "SOLV", "TUT", "VANA", "WAL", "SPK", "NEWT", "HUMA", "HYPER", "TREE",
        "SOMI", "OPEN", "HOLO", "PLUME", "DOLO", "TOWNS", "PROVE", "WCT", "XPL", "ZKC", "AVNT",
        "BARD", "ASTER", "APEX", "MIRA", "LINEA", "F", "PUMP", "ERA", "YB", "ENSO", "TRUTH",
        "AT", "FF", "KITE", "GIGGLE", "ALLO", "MMT", "SAPIEN", "TURTLE", "HEMI", "BREV", "EUL",
        "RENDER", "SHELL", "LA", "BABY", "COW", "FARM", "FLOW", "AUDIO", "API", "ALT", "AMP", "AR",
        "IO", "STEEM", "HIVE", "ROSE", "MOVR", "REQ", "SYS", "WAN", "CITY", "BAR", "LOKA",
        "EUR", "EURI", "TST", "POL", "FRONT", "FORTH", "GLM", "GNO", "SSV", "TAO", "DOGS", "CATI",
        "APE",
        # Chat shorthand: "atm" is "at the moment" ("where's bnb trading atm").
        "ATM",
    }
)  # fmt: skip

# Coin names that are also everyday English words: like COMMON_WORD_TICKERS, they need a reason.
COMMON_WORD_NAMES: Final[frozenset[str]] = frozenset(
    {
        "sonic", "render", "curve", "compound", "stacks", "optimism", "cosmos", "gala", "theta",
        "stellar", "jupiter", "the graph", "polygon", "dash", "avalanche",
    }
)  # fmt: skip

# The coins offered as buttons when a message asks for a price and names none.
POPULAR_BASES: Final[tuple[str, ...]] = ("BTC", "ETH", "SOL", "BNB", "XRP", "DOGE")
