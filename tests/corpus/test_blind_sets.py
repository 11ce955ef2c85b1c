"""The blind sets (tests/corpus/blind) stay at least as right as they were when last measured: a
change that loses rows of phrasings nobody tuned for shows here, with each row it lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.corpus.expect import problem
from tests.fakes import shared_router

BLIND = Path(__file__).resolve().parent / "blind"
# Rows right on the commit that last measured them (session 59's end), of each set's rows. Sets PA, PB and
# PH (session 59), NA, NB and NH (session 58), MA, MB and MH (session 57), LA, LB and LH (session 56), KG,
# KH and KL (session 55), KA and KB (session 54), JA and JB (session 53), IA and IB (session 52), HA and
# HB (session 51), GA and GB (session 50), FA, FB, FC and FN (session 49), EA, EB, EC and EN (session 48),
# DA, DB and DC (session 47) were never given to anyone fixing, nor CA, CB and CK (session 46), nor BD and
# BE (session 45), nor AG (session 44); tests/corpus/blind/README.md says when each was written and what
# it read when written.
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
    "s44_AG.jsonl": (236, 240),
    "s45_BA.jsonl": (237, 240),
    "s45_BB.jsonl": (238, 240),
    "s45_BC.jsonl": (235, 240),
    "s45_BD.jsonl": (236, 240),
    "s45_BE.jsonl": (236, 240),
    "s45_BF.jsonl": (239, 240),
    "s45_BG.jsonl": (235, 240),
    "s45_BH.jsonl": (237, 240),
    "s45_BI.jsonl": (239, 240),
    "s45_BJ.jsonl": (235, 240),
    "s45_BK.jsonl": (231, 240),
    "s45_BL.jsonl": (236, 240),
    "s45_BM.jsonl": (232, 240),
    "s46_CA.jsonl": (227, 240),
    "s46_CB.jsonl": (236, 240),
    "s46_CC.jsonl": (228, 240),
    "s46_CD.jsonl": (238, 240),
    "s46_CE.jsonl": (238, 240),
    "s46_CF.jsonl": (238, 240),
    # 215 until session 48: its "sell 0.01 btc but only if it hits 110k" expects a limit at 110k, but
    # "hits" says no way (with the market above 110k that limit sells at once); the level is asked.
    "s46_CG.jsonl": (225, 240),
    "s46_CH.jsonl": (239, 240),
    "s46_CI.jsonl": (236, 240),
    "s46_CJ.jsonl": (232, 240),
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
    "s47_DJ.jsonl": (232, 240),
    "s47_DK.jsonl": (239, 240),
    "s47_DL.jsonl": (238, 240),
    "s47_DM.jsonl": (231, 240),
    "s48_EA.jsonl": (234, 240),
    "s48_EB.jsonl": (228, 240),
    "s48_EC.jsonl": (231, 240),
    "s48_ED.jsonl": (239, 240),
    "s48_EE.jsonl": (238, 240),
    "s48_EF.jsonl": (238, 240),
    "s48_EG.jsonl": (231, 240),
    "s48_EH.jsonl": (231, 240),
    "s48_EI.jsonl": (229, 240),
    "s48_EJ.jsonl": (222, 240),
    "s48_EK.jsonl": (235, 240),
    "s48_EL.jsonl": (235, 240),
    "s48_EN.jsonl": (233, 240),
    "s49_FA.jsonl": (233, 240),
    "s49_FB.jsonl": (219, 240),
    "s49_FC.jsonl": (229, 240),
    "s49_FD.jsonl": (229, 240),
    "s49_FE.jsonl": (232, 240),
    "s49_FF.jsonl": (232, 240),
    "s49_FG.jsonl": (203, 240),
    "s49_FH.jsonl": (229, 240),
    "s49_FN.jsonl": (231, 240),
    "s50_GA.jsonl": (221, 240),
    "s50_GB.jsonl": (216, 240),
    "s50_GC.jsonl": (219, 240),
    "s50_GD.jsonl": (233, 240),
    "s50_GE.jsonl": (234, 240),
    "s50_GF.jsonl": (230, 240),
    "s51_HA.jsonl": (220, 240),
    "s51_HB.jsonl": (223, 240),
    "s51_HC.jsonl": (230, 240),
    "s51_HD.jsonl": (236, 240),
    "s51_HE.jsonl": (228, 240),
    "s51_HF.jsonl": (226, 240),
    "s52_IA.jsonl": (233, 240),
    "s52_IB.jsonl": (223, 240),
    "s52_IC.jsonl": (238, 240),
    "s52_ID.jsonl": (236, 240),
    "s52_IE.jsonl": (235, 240),
    "s53_JA.jsonl": (231, 240),
    "s53_JB.jsonl": (210, 240),
    "s53_JC.jsonl": (234, 240),
    "s53_JD.jsonl": (240, 240),
    "s53_JE.jsonl": (236, 240),
    "s54_KA.jsonl": (232, 240),
    "s54_KB.jsonl": (225, 240),
    "s54_KC.jsonl": (240, 240),
    "s54_KD.jsonl": (234, 240),
    "s54_KE.jsonl": (238, 240),
    "s54_KF.jsonl": (225, 240),
    "s55_KG.jsonl": (236, 240),
    "s55_KH.jsonl": (223, 240),
    "s55_KI.jsonl": (211, 240),
    "s55_KJ.jsonl": (228, 240),
    "s55_KK.jsonl": (239, 240),
    "s55_KL.jsonl": (223, 240),
    "s56_LA.jsonl": (237, 240),
    "s56_LB.jsonl": (224, 240),
    "s56_LC.jsonl": (229, 240),
    "s56_LD.jsonl": (237, 240),
    "s56_LE.jsonl": (234, 240),
    "s56_LF.jsonl": (197, 240),
    "s56_LG.jsonl": (237, 240),
    "s56_LH.jsonl": (228, 240),
    "s57_MA.jsonl": (223, 240),
    "s57_MB.jsonl": (226, 240),
    "s57_MC.jsonl": (229, 240),
    "s57_MD.jsonl": (223, 240),
    "s57_ME.jsonl": (231, 240),
    "s57_MF.jsonl": (236, 240),
    "s57_MG.jsonl": (225, 240),
    "s57_MH.jsonl": (228, 240),
    "s58_NA.jsonl": (238, 240),
    "s58_NB.jsonl": (233, 240),
    "s58_NC.jsonl": (233, 237),
    "s58_ND.jsonl": (228, 230),
    "s58_NE.jsonl": (225, 229),
    "s58_NF.jsonl": (219, 219),
    "s58_NG.jsonl": (230, 233),
    "s58_NH.jsonl": (226, 240),
    "s59_PA.jsonl": (230, 240),
    "s59_PB.jsonl": (229, 240),
    "s59_PC.jsonl": (218, 235),
    "s59_PD.jsonl": (218, 238),
    "s59_PE.jsonl": (219, 234),
    "s59_PF.jsonl": (211, 228),
    "s59_PG.jsonl": (191, 238),
    "s59_PH.jsonl": (195, 240),
    "s59_PI.jsonl": (199, 232),
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_a_blind_set_keeps_its_figure(name: str) -> None:
    rows = [json.loads(line) for line in (BLIND / name).read_text("utf-8").splitlines() if line.strip()]
    floor, count = FLOORS[name]
    assert len(rows) == count
    misses = [(row["text"], why) for row in rows if (why := problem(shared_router(), row)) is not None]
    assert count - len(misses) >= floor, misses


def test_every_set_is_measured() -> None:
    assert sorted(p.name for p in BLIND.glob("*.jsonl")) == sorted(FLOORS)
