"""The blind sets (tests/corpus/blind) stay at least as right as they were when last measured: a
change that loses rows of phrasings nobody tuned for shows here, with each row it lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.corpus.expect import problem
from tests.fakes import shared_router

BLIND = Path(__file__).resolve().parent / "blind"
# Rows right on the commit that last measured them (session 65's end), of each set's rows. Sets VA, VB and
# VH (session 65), UA, UB and UH (session 64), TA, TB and TH (session 63), SA, SB and SH (session 62), RA,
# RB and RH (session 61), QA, QB and QH (session 60), PA, PB and PH (session 59), NA, NB and NH (session
# 58), MA, MB and MH (session 57), LA, LB and LH (session 56), KG, KH and KL (session 55), KA and KB
# (session 54), JA and JB (session 53), IA and IB (session 52), HA and HB (session 51), GA and GB (session
# 50), FA, FB, FC and FN (session 49), EA, EB, EC and EN (session 48), DA, DB and DC (session 47) were
# never given to anyone fixing, nor CA, CB and CK (session 46), nor BD and BE (session 45), nor AG (session
# 44); tests/corpus/blind/README.md says when each was written and what it read when written.
FLOORS = {
    "s43_O.jsonl": (106, 110),
    "s43_P.jsonl": (115, 120),
    "s43_Q.jsonl": (207, 210),
    "s43_R.jsonl": (239, 240),
    "s43_S.jsonl": (117, 120),
    "s43_T.jsonl": (116, 120),
    "s43_V.jsonl": (179, 180),
    "s43_W.jsonl": (234, 240),
    # 197: its '大饼定投改成每周买' expects the interval as typed ("每周"); an update's interval is
    # the grammar's canonical text ("1w") as a new strategy's is (session 44, as set Y expects).
    "s43_X.jsonl": (197, 200),
    "s43_Y.jsonl": (176, 180),
    "s44_AA.jsonl": (238, 240),
    "s44_AB.jsonl": (240, 240),
    "s44_AC.jsonl": (200, 200),
    "s44_AD.jsonl": (158, 160),
    "s44_AE.jsonl": (239, 240),
    "s44_AF.jsonl": (240, 240),
    "s44_Z.jsonl": (239, 240),
    "s44_AG.jsonl": (237, 240),
    "s45_BA.jsonl": (238, 240),
    "s45_BB.jsonl": (239, 240),
    "s45_BC.jsonl": (235, 240),
    "s45_BD.jsonl": (238, 240),
    "s45_BE.jsonl": (237, 240),
    "s45_BF.jsonl": (239, 240),
    "s45_BG.jsonl": (235, 240),
    "s45_BH.jsonl": (237, 240),
    "s45_BI.jsonl": (239, 240),
    "s45_BJ.jsonl": (235, 240),
    "s45_BK.jsonl": (232, 240),
    "s45_BL.jsonl": (236, 240),
    "s45_BM.jsonl": (232, 240),
    "s46_CA.jsonl": (227, 240),
    "s46_CB.jsonl": (237, 240),
    "s46_CC.jsonl": (230, 240),
    "s46_CD.jsonl": (239, 240),
    "s46_CE.jsonl": (238, 240),
    "s46_CF.jsonl": (238, 240),
    # 215 until session 48: its "sell 0.01 btc but only if it hits 110k" expects a limit at 110k, but
    # "hits" says no way (with the market above 110k that limit sells at once); the level is asked.
    "s46_CG.jsonl": (225, 240),
    "s46_CH.jsonl": (239, 240),
    "s46_CI.jsonl": (236, 240),
    "s46_CJ.jsonl": (233, 240),
    "s46_CK.jsonl": (236, 240),
    "s46_CL.jsonl": (237, 240),
    "s46_CM.jsonl": (236, 240),
    "s47_DA.jsonl": (234, 240),
    "s47_DB.jsonl": (235, 240),
    "s47_DC.jsonl": (238, 240),
    "s47_DD.jsonl": (226, 240),
    "s47_DE.jsonl": (238, 240),
    "s47_DF.jsonl": (238, 240),
    "s47_DG.jsonl": (236, 240),
    "s47_DH.jsonl": (235, 240),
    "s47_DI.jsonl": (234, 240),
    "s47_DJ.jsonl": (233, 240),
    "s47_DK.jsonl": (239, 240),
    "s47_DL.jsonl": (238, 240),
    "s47_DM.jsonl": (232, 240),
    "s48_EA.jsonl": (234, 240),
    "s48_EB.jsonl": (229, 240),
    "s48_EC.jsonl": (233, 240),
    "s48_ED.jsonl": (239, 240),
    "s48_EE.jsonl": (238, 240),
    "s48_EF.jsonl": (238, 240),
    "s48_EG.jsonl": (231, 240),
    "s48_EH.jsonl": (232, 240),
    "s48_EI.jsonl": (229, 240),
    "s48_EJ.jsonl": (226, 240),
    "s48_EK.jsonl": (236, 240),
    "s48_EL.jsonl": (235, 240),
    "s48_EN.jsonl": (233, 240),
    "s49_FA.jsonl": (234, 240),
    "s49_FB.jsonl": (220, 240),
    "s49_FC.jsonl": (230, 240),
    "s49_FD.jsonl": (230, 240),
    "s49_FE.jsonl": (235, 240),
    "s49_FF.jsonl": (235, 240),
    "s49_FG.jsonl": (207, 240),
    "s49_FH.jsonl": (233, 240),
    "s49_FN.jsonl": (231, 240),
    "s50_GA.jsonl": (223, 240),
    "s50_GB.jsonl": (217, 240),
    "s50_GC.jsonl": (219, 240),
    "s50_GD.jsonl": (234, 240),
    "s50_GE.jsonl": (234, 240),
    "s50_GF.jsonl": (230, 240),
    "s51_HA.jsonl": (221, 240),
    "s51_HB.jsonl": (225, 240),
    "s51_HC.jsonl": (231, 240),
    "s51_HD.jsonl": (236, 240),
    "s51_HE.jsonl": (232, 240),
    "s51_HF.jsonl": (228, 240),
    "s52_IA.jsonl": (233, 240),
    "s52_IB.jsonl": (223, 240),
    "s52_IC.jsonl": (238, 240),
    "s52_ID.jsonl": (237, 240),
    "s52_IE.jsonl": (235, 240),
    "s53_JA.jsonl": (231, 240),
    "s53_JB.jsonl": (210, 240),
    "s53_JC.jsonl": (237, 240),
    "s53_JD.jsonl": (240, 240),
    "s53_JE.jsonl": (236, 240),
    "s54_KA.jsonl": (233, 240),
    "s54_KB.jsonl": (226, 240),
    "s54_KC.jsonl": (240, 240),
    "s54_KD.jsonl": (234, 240),
    "s54_KE.jsonl": (238, 240),
    "s54_KF.jsonl": (226, 240),
    "s55_KG.jsonl": (236, 240),
    "s55_KH.jsonl": (224, 240),
    "s55_KI.jsonl": (216, 240),
    "s55_KJ.jsonl": (232, 240),
    "s55_KK.jsonl": (239, 240),
    "s55_KL.jsonl": (223, 240),
    "s56_LA.jsonl": (237, 240),
    "s56_LB.jsonl": (226, 240),
    "s56_LC.jsonl": (231, 240),
    "s56_LD.jsonl": (237, 240),
    "s56_LE.jsonl": (234, 240),
    "s56_LF.jsonl": (198, 240),
    "s56_LG.jsonl": (237, 240),
    "s56_LH.jsonl": (228, 240),
    "s57_MA.jsonl": (223, 240),
    "s57_MB.jsonl": (227, 240),
    "s57_MC.jsonl": (230, 240),
    "s57_MD.jsonl": (223, 240),
    "s57_ME.jsonl": (231, 240),
    "s57_MF.jsonl": (236, 240),
    "s57_MG.jsonl": (225, 240),
    "s57_MH.jsonl": (229, 240),
    "s58_NA.jsonl": (238, 240),
    "s58_NB.jsonl": (233, 240),
    "s58_NC.jsonl": (233, 237),
    "s58_ND.jsonl": (228, 230),
    "s58_NE.jsonl": (225, 229),
    "s58_NF.jsonl": (219, 219),
    "s58_NG.jsonl": (230, 233),
    "s58_NH.jsonl": (227, 240),
    "s59_PA.jsonl": (230, 240),
    "s59_PB.jsonl": (231, 240),
    "s59_PC.jsonl": (221, 235),
    "s59_PD.jsonl": (221, 238),
    "s59_PE.jsonl": (226, 234),
    "s59_PF.jsonl": (213, 228),
    "s59_PG.jsonl": (192, 238),
    "s59_PH.jsonl": (199, 240),
    "s59_PI.jsonl": (200, 232),
    "s60_QA.jsonl": (227, 240),
    "s60_QB.jsonl": (217, 240),
    "s60_QH.jsonl": (194, 240),
    "s60_QC.jsonl": (224, 233),
    "s60_QD.jsonl": (224, 239),
    "s60_QE.jsonl": (188, 240),
    "s60_QF.jsonl": (230, 235),
    "s60_QG.jsonl": (224, 239),
    "s60_QI.jsonl": (230, 236),
    "s61_RA.jsonl": (239, 240),
    "s61_RB.jsonl": (232, 240),
    "s61_RH.jsonl": (212, 240),
    "s61_RC.jsonl": (236, 240),
    "s61_RD.jsonl": (237, 240),
    "s61_RE.jsonl": (229, 240),
    "s61_RF.jsonl": (228, 240),
    "s62_SA.jsonl": (235, 240),
    "s62_SB.jsonl": (211, 240),
    "s62_SC.jsonl": (205, 238),
    "s62_SD.jsonl": (213, 240),
    "s62_SE.jsonl": (232, 234),
    "s62_SH.jsonl": (212, 240),
    "s63_TA.jsonl": (225, 240),
    "s63_TB.jsonl": (215, 240),
    "s63_TH.jsonl": (218, 240),
    "s64_UA.jsonl": (227, 240),
    "s64_UB.jsonl": (207, 240),
    "s64_UH.jsonl": (213, 240),
    "s65_VA.jsonl": (228, 240),
    "s65_VB.jsonl": (227, 240),
    "s65_VH.jsonl": (197, 240),
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_a_blind_set_keeps_its_figure(name: str) -> None:
    rows = [json.loads(line) for line in (BLIND / name).read_text("utf-8").splitlines() if line.strip()]
    floor, count = FLOORS[name]
    assert len(rows) == count
    misses = [(row["text"], why) for row in rows if (why := problem(shared_router(), row)) is not None]
    right = count - len(misses)  # a name, not len(misses): pytest would print the rows it holds
    assert right >= floor, lost(name, misses)


def lost(name: str, misses: list[tuple[str, str]]) -> object:
    """What a failing floor prints: each row it misses, but for a set never shown to anyone fixing,
    only how many (the person running the tests is often the one fixing: a printed row would be
    a row shown, and the set would no longer measure phrasings never shown)."""
    if name.removesuffix(".jsonl") in never_shown():
        return f"{name} misses {len(misses)} rows (a never-shown set: its rows are not printed)"
    return misses


def never_shown() -> frozenset[str]:
    lines = (BLIND / "never_shown.txt").read_text("utf-8").splitlines()
    return frozenset(s.strip() for s in lines if s.strip() and not s.startswith("#"))


def test_a_never_shown_sets_misses_are_counted_never_printed() -> None:
    assert "secret words" not in str(lost("s65_VA.jsonl", [("secret words", "why")]))
    assert "secret words" in str(lost("s43_O.jsonl", [("secret words", "why")]))  # a given set: shown


def test_every_set_is_measured() -> None:
    assert sorted(p.name for p in BLIND.glob("*.jsonl")) == sorted(FLOORS)
