"""The Sonne und Mond walkthrough and practice page in English and Traditional Chinese, from one source.

Issue 22: a rule change must update both languages at once. So each page is written here once:
a markdown cell as a pair, ``md(en=..., zh=...)`` (in the zh-TW page the play report's own
sentences stand as the text), and a code cell once, ``code(...)``, whose few learner-facing
words (a drawing's label, a printed word, the players' names) are marks ``«name»`` filled from
``tr(en, zh)`` pairs. The code, the rule functions it shows and every ``assert`` are therefore
the same in both pages; the first code cell calls ``set_language("«lang»")``, so the drawings,
the explained log and the Try-its speak the page's language. ``teaches`` names the checklist
ids a cell holds (``tests/test_checklist.py`` reads both walkthroughs).

    python -m tools.sunmoon_rules           # write the four notebooks (clean, no outputs)
    python -m tools.sunmoon_rules --check   # exit 1 naming each committed notebook that differs

``tests/test_sunmoon_rules.py`` fails when a committed notebook differs from what this writes.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tools import nb

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path("notebooks") / "sunmoon"
LANGUAGES = ("en", "zh-TW")  #: the first is the source language (its pages have no suffix)
MARK = re.compile(r"«(\w+)»")


@dataclass(frozen=True)
class Words:
    """One learner-facing text of a code cell, in each language."""

    en: str
    zh: str

    def of(self, language: str) -> str:
        return self.en if language == "en" else self.zh


def tr(en: str, zh: str) -> Words:
    """The text ``en`` and its Traditional Chinese ``zh``."""
    return Words(en, zh)


@dataclass(frozen=True)
class Markdown:
    en: str
    zh: str
    teaches: tuple[str, ...] = ()


@dataclass(frozen=True)
class Code:
    source: str
    teaches: tuple[str, ...] = ()
    words: tuple[tuple[str, Words], ...] = ()


def md(*, en: str, zh: str, teaches: list[str] | None = None) -> Markdown:
    """A markdown cell in both languages."""
    return Markdown(en, zh, tuple(teaches or ()))


def code(source: str, *, teaches: list[str] | None = None, **words: Words) -> Code:
    """A code cell, written once; ``«name»`` in ``source`` is the ``name=tr(en, zh)`` given here
    (or one of :data:`COMMON`)."""
    return Code(source, tuple(teaches or ()), tuple(words.items()))


def try_it(*kinds: str, en: str, zh: str) -> list[Markdown | Code]:
    """A Try-it after a rule section: its question (``en``, ``zh``), then for each of ``kinds``
    a table of exercises of that kind dealt from a real game (the page's ``try_it(kind)``)."""
    return [md(en=f"**Try it.** {en}", zh=f"**試試看。** {zh}"), *(code(f'try_it("{kind}")') for kind in kinds)]


def report_step(
    number: int, *, en: str, zh: str, source: str, teaches: list[str], title: Words | None = None, **words: Words
) -> list[Markdown | Code]:
    """Step ``number`` of the play report, worked by the learner: its question (``en``, ``zh``;
    ``title``: a few words after the number), then ``source``: the report's position, the
    exercise asked on it, what the rules answer (asserted) and ``ask(step, name=...)``, its table."""
    en_title, zh_title = (f", {title.en}", f"：{title.zh}") if title else ("", "")
    question = md(en=f"**Step {number}{en_title}.** {en}", zh=f"**第 {number} 步{zh_title}。** {zh}")
    return [question, code(source, teaches=teaches, **words)]


#: the words any code cell may use
COMMON = {
    "lang": tr("en", "zh-TW"),
    "you_ada": tr('["You", "Ada"]', '["你", "Ada"]'),
    "abc": tr('["A", "B", "C"]', '["甲", "乙", "丙"]'),
}

RULES: list[Markdown | Code] = [
    md(
        en="""
# Sonne und Mond (日與夜): the rules, one situation at a time

*Sonne und Mond* (Drei Hasen in der Abendsonne, 2012; Johann Rüttinger and Jacques Zeimet) is a
card game for 2-4 players, aged 8 and up. Everybody builds a **sun row** and a **moon row** of
ascending numbers, may play into anybody's rows, cuts other rows with **eclipses**, and
**harvests** a run of five or more cards for points.

The authority for the rules is a Traditional Chinese play report (seed `004`); its words are quoted
in every rule below. This notebook walks through the rules in the report's order with the engine
`daynight.sunmoon`: a little prose, **the rule's own function** (the code the engine runs, shown
with `inspect.getsource`), a **drawn** situation, and an `assert` that fails if the engine ever
decides differently. Where the report is silent the engine follows a **named rule option**; each is
explained where it applies and listed at the end. Those choices are *ours*, not the published
game's, and we say so every time.
""",
        zh="""
# 日與夜（Sonne und Mond）：規則導讀，一次一個情境

《日與夜》（*Sonne und Mond*，Drei Hasen in der Abendsonne 出版，2012 年；遊戲設計：Johann Rüttinger、Jacques Zeimet）是一款「二到四人都可以玩的」卡牌遊戲，適合 8 歲以上。「在遊戲中，大家都有自己的『日排』與『夜排』！而且必須照大小排，連續五張以上就可以收割變成分數」；你也可以把牌打在別人的排上，並用日蝕、月蝕「切斷人家的排列」。

這份導讀的規則依據是阿緯的遊戲介紹（本專案的種子文件 `004`），每一條規則都用介紹自己的話來說。我們依照介紹的順序，用引擎 `daynight.sunmoon` 一條一條來看：一點說明、**這條規則自己的函式**（引擎真正執行的程式碼，用 `inspect.getsource` 印出；函式的說明是英文，引用的是介紹的原文）、一張**畫出來**的情境，以及一行 `assert`：引擎哪天判斷得不一樣，它就會失敗。介紹沒有說到的地方，引擎依照一個**有名字的規則選項**；每個選項都在用到的地方說明，最後再全部列出。那些是*我們*的選擇，不是出版的遊戲規則，每一次我們都會講明。
""",
    ),
    code(
        """
import inspect
from IPython.display import display

from daynight.core import IllegalMoveError
from daynight.i18n import set_language
from daynight.sunmoon import (CARDS, FACES, Cover, Harvest, Options, Place, Restore, SelfDestruct, SunMoon,
                              card, demo, load_animals, rules)
from daynight.sunmoon import draw

set_language("«lang»")                      # «lang_note»

def source(*functions):
    "Print the source of rule functions: the code the engine runs on both its paths."
    for f in functions:
        print(inspect.getsource(f))

def refused(game, move):
    "The rule that refuses `move` (and check that refusing it changed nothing)."
    before = game.snapshot()
    try:
        game.play(move)
    except IllegalMoveError as exc:
        assert game.snapshot() == before
        print("«refused»", exc.reason, f"[{exc.rule}]")
        return exc.rule
    raise AssertionError(f"{move} was accepted")

def position(hands, rows=None, **extra):
    "A hand-built teaching position (a record like any other)."
    options = extra.pop("options", None)
    names = extra.pop("names", None)
    return SunMoon.from_position({"hands": hands, "rows": rows or [{} for _ in hands], **extra},
                                 options=options, names=names)
""",
        refused=tr("refused:", "不行："),
        lang_note=tr("every word below in English", "以下的牌桌、記錄和練習都用繁體中文"),
    ),
    md(
        en="""
### Try it yourself

After each rule section a **Try it** exercise asks about that rule on a position of a real
game (dealt by the engine and played by bots). Answer on the drawn table: click a place of a
row, a row, a player's place or a button; where several answers belong together, mark every
one and press **Check** (a card that fits nowhere: mark nothing and press **Check**).
Everything works from the keyboard too (Tab to a piece, Enter or Space to choose it). The
rule functions shown on this page judge your answer; then the table marks the reason, the
play report's sentence is quoted and the engine's log says what happened when the game went
on. **Another** deals a new position. Your answers count in the progress this browser keeps
for the [practice page](practice.ipynb), which has every kind of exercise in one place.
""",
        zh="""
### 自己試試看

每一節規則之後都有一個**試試看**練習，用一局真實遊戲（由引擎發牌、電腦玩家出牌）的局面來問那條規則。在畫出來的牌桌上作答：點一排中的位置、一排牌、一位玩家的位置或一個按鈕；答案有好幾個的時候，把每一個都標出來再按**檢查**（哪裡都放不下的牌：什麼都不標，直接按**檢查**）。全部都可以用鍵盤操作（按 Tab 移到一個地方，按 Enter 或空白鍵選它）。判定你的答案的，就是這一頁印出來的規則函式；判定之後，牌桌會標出理由，引用遊戲介紹的句子，引擎的記錄則說明遊戲繼續下去時發生了什麼。**再一題**會發一個新局面。你的答案會算進這個瀏覽器為[練習頁](practice.zh-TW.ipynb)保存的進度，練習頁把每一種練習都放在一起。
""",
    ),
    code(
        """
from daynight.practice import kinds_of
from daynight.sunmoon import exercises
from daynight.widgets.practice import Keeper, PracticeApp

keeper = Keeper("sunmoon")                   # one keeper for the page: the browser keeps the progress
KINDS = {kind.name: kind for kind in kinds_of("sunmoon")}

def try_it(kind):
    "A 'Try it' table: exercises of one kind, each dealt from a real game and judged by the rules."
    return practice_table(kind, name=kind)

def ask(step, name):
    "A step of the play report on a table of its own: asked before the engine plays the position on."
    return practice_table(step.kind, step, name=f"report-{name}")

def practice_table(kind, exercise=None, *, name):
    "A practice table of one kind (showing `exercise` first, if given) whose answers count in the kept progress."
    app = PracticeApp("sunmoon", kinds=(KINDS[kind],), compact=True, keeper=keeper)
    if exercise is not None:
        app.show(exercise)
    app.widget.add_class(f"dn-try-{name}".replace("_", "-"))
    assert app.exercise.kind == kind and app.table.target_names()
    return app
""",
    ),
    md(
        en="""
## The cards

"日卡：共有數字１～２９" -- sun cards carry the numbers 1 to 29, and so do the moon cards; "隨著數字增加，
太陽越高" -- **the greater the number, the higher the sun** (or the moon) stands on the card. Some
show a small animal or insect ("可能會有小動物或昆蟲"). Then there are five solar and five lunar
**eclipses** ("日月各５張"), and they have **no number** ("日月蝕是沒有數字的"): the five of a kind are
one and the same card, so the engine has 60 faces and a deck of 68 cards.
""",
        zh="""
## 牌

「第一種，日卡：共有數字１～２９且上面可能會有小動物或昆蟲，隨著數字增加，太陽越高」；「第二種，月卡：共有數字１～２９且上面可能會有小動物或昆蟲，隨著數字增加，月亮越高」。「第三種，日、月蝕卡：日月各５張」，而且「日月蝕是沒有數字的」：同一種的五張完全一樣，所以引擎裡有 60 種牌面、一副 68 張牌。
""",
    ),
    code(
        """
faces = [card(name) for name in ("sun 1", "sun 15", "sun 29", "moon 1", "moon 15", "moon 29",
                                 "solar eclipse", "lunar eclipse")]
assert len(CARDS) == 68 and len(FACES) == 60
for kind in ("sun", "moon"):
    assert sorted(c.value for c in CARDS if c.kind == kind and not c.eclipse) == list(range(1, 30))
    assert sum(c.kind == kind and c.eclipse for c in CARDS) == 5
assert not any(ch.isdigit() for c in CARDS if c.eclipse for ch in c.label)   # no number on an eclipse
draw.hand_drawing(faces, label="«six_cards»")
""",
        teaches=["U3", "U4", "U6"],
        six_cards=tr("six numbered cards and the two eclipses", "六張有數字的牌和兩種日月蝕"),
    ),
    md(
        en="""
*Which* numbers show an animal is not published anywhere we could read. So the animal table is a data
file, `daynight/data/sunmoon_animals.csv`, in which every row says whether it is **attested** or
**reconstructed**. Only sun 9 is attested (the report's photo shows it with a butterfly); the rest is
our placeholder, about one card in four. Nothing else in the package decides which card shows an
animal. The back of every card shows the sun and the full moon with four flowers each
("卡牌背面，有太陽跟滿月，各有四朵花"): a card nobody may see is drawn like this.
""",
        zh="""
*哪些*數字上有動物，我們讀得到的資料都沒有公布。所以動物表是一個資料檔 `daynight/data/sunmoon_animals.csv`，每一列都註明是**有據可查**（attested）還是**重建的**（reconstructed）。只有日 9 有據可查（介紹的照片裡它有一隻蝴蝶）；其餘是我們暫定的，大約每四張有一張。套件裡沒有別的地方決定哪張牌有動物。「卡牌背面，有太陽跟滿月，各有四朵花！」：沒有人可以看的牌，就畫成這樣。
""",
    ),
    code(
        """
animals = load_animals()
provenance = {}
for row in animals.values():
    provenance[row["provenance"]] = provenance.get(row["provenance"], 0) + 1
print(provenance)
print("«animal_cards»", ", ".join(c.label for c in FACES if c.animal))
assert animals["sun", 9] == {"animal": "butterfly", "provenance": "attested", "note": animals["sun", 9]["note"]}
assert provenance == {"attested": 1, "reconstructed": 57}
assert all(c.animal == animals[c.kind, c.value]["animal"] for c in FACES if not c.eclipse)
display(draw.hand_drawing([card("sun 9"), card("moon 12")], label="«two_animal_cards»"))
draw.back_drawing()
""",
        teaches=["U5"],
        animal_cards=tr("animal cards:", "動物牌："),
        two_animal_cards=tr("two animal cards", "兩張動物牌"),
    ),
    md(
        en="""
## Players and setting up

"日與夜是一款二到四人都可以玩的" -- 2 to 4 players. "將牌堆洗勻後，放在中間，每位玩家抽五張作為手牌！剩下的
就放中間變成抽牌堆" -- shuffle, everybody draws **five** cards, the rest is the draw pile. "遊戲以回合的
方式輪流進行" -- turns go round the table. Who starts the report does not say; other reviews say the
youngest, and the engine seats the youngest first (seat 1). "每位玩家的日、月都各只有一排" -- each
player has **one sun row and one moon row**, no more.
""",
        zh="""
## 玩家人數與遊戲起始設置

「日與夜是一款二到四人都可以玩的過癮的遊戲！」「將牌堆洗勻後，放在中間，每位玩家抽五張作為手牌！剩下的就放中間變成抽牌堆．遊戲以回合的方式輪流進行．」誰先開始，介紹沒有說；其他的評論說是最年輕的玩家，所以引擎讓最年輕的玩家坐第一個位置（玩家 1）先開始。「注意：每位玩家的日、月都各只有一排！」：每人**一條日排、一條夜排**，不會更多。
""",
    ),
    code(
        """
source(rules.next_player)
game = SunMoon.new(players=4, seed=1)
print(game.log[0].text)
assert [len(h) for h in game.hands] == [5, 5, 5, 5] and len(game.draw_pile) == 68 - 20
assert game.to_players() == (0,) and [rules.next_player(p, 4) for p in range(4)] == [1, 2, 3, 0]
assert all(sorted(r) == ["moon", "sun"] for r in game.rows)           # one row of each kind each
for players in (2, 3):
    assert len(SunMoon.new(players, seed=1).hands) == players
try:
    SunMoon.new(players=5, seed=1)
except ValueError as exc:
    print("«five_players»", exc)
else:
    raise AssertionError("five players were accepted")
draw.table(game, 0)
""",
        teaches=["U1", "U7", "U8", "U9"],
        five_players=tr("5 players:", "五個人："),
    ),
    md(
        en="""
### Four players play in teams

"四人遊玩的規則就變成分隊" -- with four players the rules become **teams**; that is the engine's
default. The report gives no more than that, so the details are **our reconstruction**: partners sit
opposite (seats 1 and 3 against 2 and 4), their scores are added, and each keeps their own hand, rows
and harvest (a player may harvest only their own rows, not the partner's). The reporter's own
preference, "四人都可單獨計分" (everyone scores alone), is the option `scoring="individual"`. With two
or three players everyone plays alone.
""",
        zh="""
### 四人遊玩時分隊

「而在四人遊玩的規則就變成分隊去進行囉」：這是引擎的預設。介紹只說到這裡，所以細節是**我們的重建**：隊友坐對面（玩家 1、3 對玩家 2、4），分數相加；每人仍有自己的手牌、日夜排和收割到的牌（只能收割自己的排，不能收割隊友的）。阿緯自己的偏好，「但是小編我還是覺得可以四人都可單獨計分」，就是選項 `scoring="individual"`。二人或三人時，每個人各自計分。
""",
    ),
    code(
        """
source(rules.teams)
hands = [["sun 1"], ["sun 2"], ["sun 3"], ["sun 4"]]
harvests = [["sun 10", "sun 11"], [], ["sun 12"], ["moon 1"]]
teams = position(hands, harvested=harvests)
alone = position(hands, harvested=harvests, options=Options(scoring="individual"))
print("«scores»", teams.scores(), "«team_totals»", teams.team_totals(), "«winning_team»", teams.winners())
assert teams.team == (0, 1, 0, 1) and teams.team_totals() == [1, -1] and teams.winners() == [0]
assert alone.team is None and alone.winners() == [0]
assert rules.teams(3) is None and rules.teams(4, "individual") is None
draw.table(teams)
""",
        teaches=["U2"],
        scores=tr("scores", "得分"),
        team_totals=tr("team totals", "各隊總分"),
        winning_team=tr("winning team", "獲勝的隊伍"),
    ),
    md(
        en="""
## A turn: one of three things

"輪到你的時候，你可以選擇做以下三件事情中的一件" -- on your turn you do **one** of three things:
**play a card**, **harvest a row**, or **self-destruct** (only when the first two are impossible).
The engine's legal moves at any moment are the plays and harvests, or else the self-destruct alone:
""",
        zh="""
## 輪到你：三件事選一件

「輪到你的時候，你可以選擇做以下三件事情中的一件！」

1. 出一張牌。
2. 收割牌列。
3. 自我毀滅。（平時不能選擇做此項，除非１、２無法選擇）

引擎在任何時刻的合法走法，就是可以出的牌和可以收割的排；兩樣都沒有的時候，只剩自我毀滅這一步：
""",
    ),
    code(
        """
source(rules.may_self_destruct)
game = SunMoon.new(players=3, seed=4)
moves = game.legal_moves()
kinds = {type(m).__name__ for m in moves}
print(len(moves), "«legal_moves_of»", kinds)
assert kinds <= {"Place", "Cover", "Restore", "Harvest"} and SelfDestruct(0) not in moves
game.play(moves[0])
assert game.turn == 1 or game.extra        # one thing, then the next player (unless an animal card)
stuck = position([["moon 11"], ["sun 1"]], [{"moon": ["moon 10", "moon 12"]}, {"moon": ["moon 9", "moon 28"]}])
assert stuck.legal_moves() == (SelfDestruct(0),)
""",
        teaches=["U10"],
        legal_moves_of=tr("legal moves of", "種合法走法，種類："),
    ),
    md(
        en="""
## Playing a card: ascending, at the ends only

"你必須打出一張牌在你的或是其他玩家的日排或夜排上，而且必須是依循著大在右小再左的方式" -- you play a card on
**your own or another player's** sun or moon row (a sun card on a sun row), **larger on the right,
smaller on the left**; the numbers need not follow each other. "必須是從邊界放入牌，而不能從中間塞入"
-- a card goes in **at an edge**, never into the middle. This is the rule function the engine asks,
on both of its paths: when it lists the legal moves, and in its one check (`SunMoon._check`) that says
why a move is refused; that check's step for a card at an end is printed last:
""",
        zh="""
## 出一張牌：照大小，只能從兩端放入

「你必須打出一張牌在你的或是其他玩家的日排或夜排上，而且必須是依循著大在右小再左的方式，如同在玩接龍一樣！」日卡打在日排，月卡打在夜排；數字不必連續。「注意：必須是從邊界放入牌，而不能從中間塞入！」下面是引擎在兩條路上都會問的規則函式：列出合法走法的時候，以及在它唯一的檢查（`SunMoon._check`）裡說明為什麼不接受一步的時候；最後印出的是那個檢查裡「從兩端放入」的步驟：
""",
    ),
    code(
        """
source(rules.shape, rules.end_places, SunMoon._check_place)
""",
    ),
    md(
        en="""
The report's picture: a sun row `15 26`. **Sun 28** goes to the right of 26. **Sun 19** would fit
between 15 and 26 by number, but cards do not go between cards, and it is neither below 15 nor above
26, so "日 19 就無法打出" -- **sun 19 cannot be played** on this row. Below, the sun 19 in the hand is
dimmed: it fits nowhere.
""",
        zh="""
介紹的圖是一條日排 `15 26`：「如下圖，日 28 可以放在日 26 的右邊。但是如果是日 19 卻不能放在 15 與 26 中間，所以日 19 就無法打出！」照數字，19 介於 15 和 26 之間，但牌不能塞到中間；它既不小於 15，也不大於 26。下圖手牌裡的日 19 變暗了：它哪裡都放不下。
""",
    ),
    code(
        """
game = position([["sun 28", "sun 19", "moon 4"], ["moon 1"]],
                [{"sun": ["sun 15", "sun 26"]}, {"sun": ["sun 2", "sun 29"], "moon": ["moon 2"]}],
                names=«you_ada»)
row = game.shape_of(0, "sun")
assert rules.end_places(row, 28) == (2,) and rules.end_places(row, 19) == () and rules.end_places(row, 3) == (0,)
assert game.moves_for(card("sun 19")) == []
assert refused(game, Place(0, card("sun 19"), 0, "sun", 1)) == "ends only"   # between 15 and 26
assert refused(game, Place(0, card("sun 19"), 0, "sun", 2)) == "ascending"   # not above 26
assert refused(game, Place(0, card("sun 28"), 1, "moon", 1)) == "row kind"   # a sun card on a moon row
drawing = draw.table(game, 0, hand_keys=True, selected=card("sun 28"), slots="sun", fits={"0-sun-right"},
                     dim=[card("sun 19")])
game.play(Place(0, card("sun 28"), 0, "sun", 2))
print(game.log[-1].text)
assert game.row_text(game.rows[0]["sun"]) == "15 26 28"
drawing
""",
        teaches=["U12", "U13", "U14", "U-EX1"],
    ),
    md(
        en="""
The report's moon row starting at 21 (and ending at 27 in its picture): **moon 13** goes to the
**left** of 21, but moons 22 to 26 fit at neither end. Any row will do, **another player's** too.
""",
        zh="""
「而夜 13 可放在21左邊，但是夜的 22 ~ 26 都無法放在這一排夜排上。」（介紹的圖裡，這排夜排從 21 開始、到 27 結束。）任何一排都可以打，**其他玩家的排**也可以。
""",
    ),
    code(
        """
game = position([["moon 13", "moon 22", "moon 26"], []], [{}, {"moon": ["moon 21", "moon 27"]}])
assert game.can_play(Place(0, card("moon 13"), 1, "moon", 0))           # into player 2's row
for v in range(22, 27):
    assert not any(m.owner == 1 for m in game.moves_for(card(f"moon {v}"))), v
game.play(Place(0, card("moon 13"), 1, "moon", 0))
assert game.row_text(game.rows[1]["moon"]) == "13 21 27"
draw.table(game, 0)
""",
        teaches=["U11", "U-EX2"],
    ),
    md(
        en="""
## Starting a row

"如果一開始你或是對手場上沒有日排或夜排．．．則你必須創造它們 ↓隨便打出一張日卡" -- where you or another
player has no row yet, **any** card of its kind starts it. After a harvest or a self-destruct a
player often has no row, and anybody may start one for them. An eclipse cannot start a row: it has
nothing to lie on. (Whether starting an empty row is ever *compulsory* the report leaves open; in
the engine it is one play among the others.)
""",
        zh="""
## 創造一排

「上面是遊戲玩到一半的出牌方式，如果一開始你或是對手場上沒有日排或夜排．．．則你必須創造它們」：「隨便打出一張日卡．．．或是隨便打一張月卡都可以．．．」在你或其他玩家還沒有這種排的地方，**任何**一張同種的牌都可以開始這一排。收割或自我毀滅之後，玩家常常沒有排，任何人都可以替他開始一排。日月蝕不能開始一排：它沒有牌可以蓋。（開始一條空排是不是有時*非做不可*，介紹沒有說清楚；在引擎裡，它是可以出的牌之一。）
""",
    ),
    code(
        """
game = position([["moon 13", "lunar eclipse"], ["sun 1"]], [{}, {}])
assert rules.end_places(game.shape_of(1, "moon"), 13) == (0,)
assert {(m.owner, m.row) for m in game.moves_for(card("moon 13"))} == {(0, "moon"), (1, "moon")}
assert game.moves_for(card("lunar eclipse")) == []                       # no card to lie on
game.play(Place(0, card("moon 13"), 1, "moon", 0))
print(game.log[-1].text)
assert game.row_text(game.rows[1]["moon"]) == "13"
draw.table(game, 0)
""",
        teaches=["U15"],
    ),
    *try_it(
        "places",
        en="Where may this card go? Mark every place, in anybody's row.",
        zh="這張牌可以放在哪裡？把每一個位置都標出來，任何人的排都算。",
    ),
    md(
        en="""
## Animal cards oblige another play

"當你打出的日、月卡有動物或昆蟲時，你必須再打出一張牌！" -- when the card you play shows an animal or an
insect, **you must play another card**. The report's example is **sun 9 with its butterfly**. Another
animal card obliges yet another play; the extra play must be a *play* (no harvest).

*Silent case, option `animal_without_follow_up`*: when no card fits anywhere for the extra play (or the
hand is empty), the default `"skip"` simply ends the turn (drawing happens only at the start of a
turn, and self-destruct is a whole turn's action); `"self_destruct"` makes the player self-destruct.
""",
        zh="""
## 動物牌：必須再出一張

「當你打出的日、月卡有動物或昆蟲時，你必須再打出一張牌！甚麼叫做有動物？如上圖 (日9) 就是一張有小動物 (蝴蝶) 的牌！」再打出一張動物牌，就要再出一張；多出的這一張必須是*出牌*（不能收割）。

*介紹沒說的情況，選項 `animal_without_follow_up`*：如果多出的這一張哪裡都放不下（或手牌已經打完），預設的 `"skip"` 直接結束這個回合（只有在回合開始時才抽牌，而自我毀滅是一整個回合的事）；`"self_destruct"` 則讓這位玩家自我毀滅。
""",
    ),
    code(
        """
source(rules.obliges_another_play)
game = position([["sun 9", "sun 20", "moon 2"], ["moon 1"]], [{}, {}])
assert rules.obliges_another_play(card("sun 9")) and not rules.obliges_another_play(card("sun 20"))
game.play(Place(0, card("sun 9"), 0, "sun", 0))
print(game.log[-1].text)
assert game.turn == 0 and game.extra                                    # the same player again
assert refused(game, Harvest(0, 0, "sun")) == "animal card"
assert refused(game, SelfDestruct(0)) == "animal card"
drawing = draw.table(game, 0)
game.play(Place(0, card("sun 20"), 0, "sun", 1))
assert game.turn == 1 and not game.extra
for rule, turn in (("skip", 1), ("self_destruct", 0)):
    g = position([["sun 9"], ["moon 1"]], [{}, {}], options=Options(animal_without_follow_up=rule))
    g.play(Place(0, card("sun 9"), 0, "sun", 0))
    assert g.turn == turn, rule
drawing
""",
        teaches=["U16", "U-EX3"],
    ),
    *try_it(
        "next_player",
        en="A card is played: who moves next?",
        zh="出了一張牌：下一個出牌的是誰？",
    ),
    md(
        en="""
## Drawing: five new cards, only with an empty hand

"注意：手牌打完，才能再抽五張！" -- only once your hand is played out do you draw **five** again; the
engine draws at the start of that player's next turn. "棄牌堆的牌，在牌堆抽完時可以洗勻變成抽牌堆！！" --
when the draw pile is used up, the **discard pile is shuffled** into a new draw pile.
""",
        zh="""
## 抽牌：手牌打完，才抽五張

「注意：手牌打完，才能再抽五張！」引擎在這位玩家下一個回合開始時讓他抽牌。「棄牌堆的牌，在牌堆抽完時可以洗勻變成抽牌堆！！」
""",
    ),
    code(
        """
source(rules.must_draw, rules.reshuffle_needed)
# two cards left to draw, four on the discard pile; "rest": "box" sets the other cards aside
game = position([["sun 20"], ["moon 9", "moon 10"]], [{"sun": ["sun 10"]}, {}],
                draw=["sun 1", "sun 2"], discard=["moon 5", "moon 6", "moon 7", "moon 8"], rest="box")
game.play(Place(0, card("sun 20"), 0, "sun", 1))
assert game.hands[0] == [] and rules.must_draw(game.hands[0])           # not yet: it is player 2's turn
game.play(Place(1, card("moon 9"), 1, "moon", 0))
for event in game.log[-3:]:
    print(event)
assert len(game.hands[0]) == 5 and game.log.of_kind("reshuffle")
assert len(game.hands[1]) == 1                                          # a hand with cards draws nothing
draw.table(game, None)
""",
        teaches=["U17", "U28"],
    ),
    *try_it(
        "draw_five",
        en="How many cards does the next player hold as the turn begins?",
        zh="下一位玩家的回合開始時，手上有幾張牌？",
    ),
    md(
        en="""
## Eclipses cut a row

"日蝕跟月蝕跟日月卡一樣，可以打在自己或他人的日、夜排... 並不需要照數字排列，而是「直接蓋在已打出的日、月卡上！」
（日蝕蓋日卡，月蝕蓋月卡）" -- eclipses go on your own or another player's rows; they need no number
order but **lie directly on a card already played**, a solar eclipse on a sun card, a lunar eclipse on a
moon card. An eclipse "切斷人家的排列" -- **cuts** the row: the cards on either side of it are no longer
one run.

*Silent cases*: may an eclipse cover an eclipse? Option `eclipse_on_eclipse`, default **no**. May it
cover the only card of a row? Option `eclipse_on_lone_card`, default **yes**.
""",
        zh="""
## 日月蝕切斷一排

「日蝕跟月蝕跟日月卡一樣，可以打在自己或他人的日、夜排．．．．但是！由於日月蝕是沒有數字的，所以並不需要照數字排列，而是．．．．「直接蓋在已打出的日、月卡上！」（日蝕蓋日卡，月蝕蓋月卡）」日月蝕「可以用來蓋在日卡或月卡上，切斷人家的排列」：被蓋住的牌兩邊，就不再連續了。

*介紹沒說的情況*：日月蝕可以蓋在日月蝕上嗎？選項 `eclipse_on_eclipse`，預設**不行**。可以蓋住一排裡唯一的一張牌嗎？選項 `eclipse_on_lone_card`，預設**可以**。
""",
    ),
    code(
        """
source(rules.cover_places, rules.runs)
""",
    ),
    md(
        en="""
The report's situation: 丙 (player C) sees that 乙 (player B) has five uninterrupted sun cards and would
harvest next turn, so C lays a solar eclipse on one of them (here the middle one). Now only two cards
are adjacent on either side, and the harvest is off. The drawing shows the eclipse **lying on** the card it covers, the covered
number still showing.
""",
        zh="""
介紹的情境：「以下圖為例，丙看到乙已經集滿五張連續的卡牌了，乙下個回合就可以收割了！於是丙就打出了日蝕蓋在乙的日卡上．．．讓乙無法收割．．（未達五張）」現在日蝕兩邊各只剩兩張相連。圖中日蝕**蓋在**被它蓋住的牌上，被蓋住的數字仍然看得到。
""",
    ),
    code(
        """
game = position([["moon 1"], ["moon 2"], ["solar eclipse", "lunar eclipse"]],
                [{}, {"sun": ["sun 3", "sun 5", "sun 8", "sun 11", "sun 14"]}, {}],
                turn=2, names=«abc»)
assert game.can_harvest(1, "sun")
assert refused(game, Cover(2, card("lunar eclipse"), 1, "sun", 2)) == "row kind"
assert refused(game, Cover(2, card("solar eclipse"), 0, "sun", 0)) == "eclipses"   # A has no sun row
game.play(Cover(2, card("solar eclipse"), 1, "sun", 2))
print(game.log[-1].text)
assert rules.runs(game.rows[1]["sun"]) == [(0, 2), (3, 2)] and not game.can_harvest(1, "sun")
assert rules.cover_places([[card("sun 4")], [card("sun 6"), card("solar eclipse")]]) == (0,)
assert rules.cover_places([[card("sun 4")]], on_lone_card=False) == ()
draw.row_drawing(game.rows[1]["sun"], "sun", label="«cut_row»")
""",
        teaches=["U18", "U19", "U-EX4"],
        cut_row=tr("B's sun row, cut by C's eclipse", "乙的日排，被丙的日蝕切斷"),
    ),
    md(
        en="""
## Restoring an eclipsed place

"被日、月蝕斷絕的排也不是沒救．．．而是可以找一張介於日、月蝕旁數字的卡來還原" -- a row cut by an eclipse
is not lost: a card whose number lies **between the numbers beside the eclipse** restores it. The
report restores the eclipse between 8 and 21 with **sun 15**. The restoring card lies on top of the
eclipse (a *stack*: everything in it belongs to the row); "between" is strict. "若想還原時，有多個日蝕或
月蝕相鄰，則必須由最邊界的日、月蝕開始還原！" -- with **several eclipses side by side**, the **outermost**
one is restored first (option `restore_order="any"` lifts this, for comparison).
""",
        zh="""
## 還原被蝕的位置

「當然，被日、月蝕斷絕的排也不是沒救．．．而是可以找一張介於日、月蝕旁數字的卡來還原」。介紹的例子是「拿日 15 來還原 8 ~ 21 中間的日蝕」。還原的牌蓋在日月蝕上面（成為一*疊*牌：疊裡的每一張都屬於這一排）；「介於」是嚴格的介於兩個數字之間。「若想還原時，有多個日蝕或月蝕相鄰，則必須由最邊界的日、月蝕開始還原！」（選項 `restore_order="any"` 取消這個限制，用來比較。）
""",
    ),
    code(
        """
source(rules.restore_places)
game = position([["sun 15", "sun 25"], ["moon 4"]],
                [{"sun": ["sun 8", ["sun 12", "solar eclipse"], "sun 21"]}, {}])
assert rules.restore_places(game.shape_of(0, "sun"), 15) == (1,) and rules.restore_places(game.shape_of(0, "sun"), 25) == ()
assert refused(game, Restore(0, card("sun 25"), 0, "sun", 1)) == "restoring: between"
assert refused(game, Restore(0, card("sun 15"), 0, "sun", 0)) == "ends only"      # sun 8 is not eclipsed
before = draw.row_drawing(game.rows[0]["sun"], "sun", label="«eclipse_between»")
game.play(Restore(0, card("sun 15"), 0, "sun", 1))
print(game.log.of_kind("restore")[-1].text)
assert game.row_text(game.rows[0]["sun"]) == "8 15* 21"
assert [c.name for c in game.rows[0]["sun"][1]] == ["sun 12", "solar eclipse", "sun 15"]
display(before)
draw.row_drawing(game.rows[0]["sun"], "sun", label="«restored»")
""",
        teaches=["U20", "U-EX5"],
        eclipse_between=tr("8, an eclipse, 21", "8、日蝕、21"),
        restored=tr("restored with sun 15", "用日 15 還原"),
    ),
    code(
        """
three = [["sun 12", "solar eclipse"], ["sun 13", "solar eclipse"], ["sun 14", "solar eclipse"]]
rows = [{"sun": ["sun 8", *three, "sun 21"]}, {}]
game = position([["sun 15"], []], rows)
assert {m.slot for m in game.moves_for(card("sun 15")) if isinstance(m, Restore)} == {1, 3}
assert refused(game, Restore(0, card("sun 15"), 0, "sun", 2)) == "restoring: outermost first"
anyorder = position([["sun 15"], []], rows, options=Options(restore_order="any"))
assert {m.slot for m in anyorder.moves_for(card("sun 15")) if isinstance(m, Restore)} == {1, 2, 3}
draw.row_drawing(game.rows[0]["sun"], "sun", label="«three_eclipses»")
""",
        teaches=["U21"],
        three_eclipses=tr("three eclipses side by side", "三張相鄰的日蝕"),
    ),
    *try_it(
        "places",
        en="Where may this card go now, eclipses and restoring included?",
        zh="算進日月蝕和還原，這張牌現在可以放在哪裡？",
    ),
    md(
        en="""
## Harvesting

"當你自己的日或夜排有超過五張以上連續不中斷的牌，則你可以花一整個回合收割它們！並且將它們面朝下放到自己身旁" --
when **your own** sun or moon row has **five or more uninterrupted** cards, you may spend **the whole
turn** harvesting them, and they go **face down** beside you. "Uninterrupted" means no eclipse between
them; the numbers need not follow each other. The report writes "超過五張以上" (more than / five or
more); its examples make five enough. Because harvesting is a turn of its own, a row completed this
turn is harvested next turn at the earliest.
""",
        zh="""
## 收割牌列

「當你自己的日或夜排有超過五張以上連續不中斷的牌，則你可以花一整個回合收割它們！並且將它們面朝下放到自己身旁，遊戲結束後計分．．」「不中斷」是說中間沒有日月蝕；數字不必連續。「超過五張以上」可以讀成多於五張，也可以讀成五張以上；介紹的其他句子（「連續五張以上就可以收割變成分數」）說五張就夠了。介紹的圖：「有六張不中斷的日卡排列，所以你可以收割．．」因為收割本身就是一整個回合，這個回合才湊滿的排，最快也要下個回合才能收割。
""",
    ),
    code(
        """
source(rules.harvestable, rules.harvest_split)
game = position([["moon 1"], ["moon 2"]],
                [{"sun": ["sun 2", "sun 5", "sun 9", "sun 10", "sun 17", "sun 23"]},
                 {"sun": ["sun 1", "sun 3", "sun 4", "sun 6", "sun 7"]}], names=«you_ada»)
assert rules.harvestable(game.shape_of(0, "sun"))                       # six uninterrupted cards
assert refused(game, Harvest(0, 1, "sun")) == "harvest: own rows only"  # Ada's row is Ada's to harvest
assert refused(game, Harvest(0, 0, "moon")) == "harvest: five or more"
game.play(Harvest(0, 0, "sun"))
print(game.log[-1].text)
assert len(game.harvested[0]) == 6 and game.rows[0]["sun"] == [] and game.turn == 1
# face down: Ada sees a pile and its count, not the cards
seen = game.view(1)
assert seen.harvest_sizes == (6, 0) and seen.my_harvest == ()
assert "sun 17" not in str(seen) and "sun 17" not in str(draw.table(game, 1))
draw.table(game, 1)
""",
        teaches=["U22", "U23", "U24", "U-EX6"],
    ),
    md(
        en="""
"被日蝕卡中斷，只剩兩張連續跟三張連續，所以無法收割．．除非先還原日蝕，或是將左右邊一邊補足到連續五張以上不中斷也可收割" --
interrupted by a solar eclipse, only two and three in a row are left, so no harvest, **unless the
eclipse is restored first, or one side is extended to five**. What then happens to the cards beyond
the eclipse the report does not say. *Option `harvest_takes`*: the default `"run"` harvests the run of
five or more (with everything stacked beneath it) and leaves the rest of the row, still ascending;
`"row"` harvests the whole row.
""",
        zh="""
「被日蝕卡中斷，只剩兩張連續跟三張連續，所以無法收割．．除非先還原日蝕，或是將左右邊一邊補足到連續五張以上不中斷也可收割」。這時日蝕另一邊的牌怎麼辦，介紹沒有說。*選項 `harvest_takes`*：預設的 `"run"` 收割那五張以上的連續牌（連同疊在它們底下的牌），留下這排其餘的牌，仍然由小到大；`"row"` 收割整排。
""",
    ),
    code(
        """
cut = [{"sun": ["sun 3", "sun 5", ["sun 8", "solar eclipse"], "sun 11", "sun 14", "sun 16"]}, {}]
game = position([["sun 20", "sun 9"], ["moon 1"]], cut)
assert rules.runs(game.rows[0]["sun"]) == [(0, 2), (3, 3)] and not game.can_harvest(0, "sun")
game.play(Place(0, card("sun 20"), 0, "sun", 6))        # one side extended to four
game.play(Place(1, card("moon 1"), 1, "moon", 0))
assert not game.can_harvest(0, "sun")
game.play(Restore(0, card("sun 9"), 0, "sun", 2))       # the eclipse restored: seven in a row
assert game.can_harvest(0, "sun")
for takes, left in (("run", "3 5 «eclipse»"), ("row", "-")):
    g = position([["moon 1"], []], [{"sun": ["sun 3", "sun 5", ["sun 8", "solar eclipse"], "sun 11",
                                            "sun 14", "sun 17", "sun 20", "sun 24"]}, {}],
                 options=Options(harvest_takes=takes))
    g.play(Harvest(0, 0, "sun"))
    assert g.row_text(g.rows[0]["sun"]) == left, takes
draw.row_drawing(game.rows[0]["sun"], "sun", label="«seven»")
""",
        teaches=["U25", "U-EX7"],
        seven=tr("restored: seven uninterrupted cards", "還原之後：連續不中斷的七張"),
        eclipse=tr("[E]", "[蝕]"),
    ),
    *try_it(
        "harvests",
        "harvest_points",
        en="Which rows may be harvested now? And how many points does a harvest bring?",
        zh="現在哪幾排可以收割？收割一排值多少分？",
    ),
    md(
        en="""
## Self-destruct, only when nothing fits anywhere

"有牌出，則你一定要出牌！沒牌出才自爆！而沒有所謂策略性自我摧毀" -- if you can play a card you **must**;
only with nothing to play do you self-destruct, and there is no tactical self-destruct. A card that
fits **another player's** row counts. The report's own situation: the reporter cannot play into their
own rows and already has four moon cards there (a self-destruct would throw them away), but "剛好有玩家
有張月 24 可以讓我出月 27" -- somebody's moon 24 takes the moon 27, and the turn is saved.
""",
        zh="""
## 自我毀滅：哪裡都不能出牌才可以

「當你『無法出牌也無法收割』的時候，就只能選擇自我毀滅．．．有牌出，則你一定要出牌！沒牌出才自爆！而沒有所謂策略性自我摧毀」。能打到**其他玩家的排**上的牌也算。介紹自己的情境：「無法出自己的日夜排，但是又因為已經集滿四張月卡了，自我毀滅不划算．．所以趕快看看其他人的日夜排能不能讓自己出牌＠＠」「剛好有玩家有張月 24 可以讓我出月 27 ，此回合驚險結束．．」
""",
    ),
    code(
        """
game = position([["moon 27", "moon 22"], ["sun 1"]],
                [{"moon": ["moon 10", "moon 12", "moon 13", "moon 29"]}, {"moon": ["moon 20", "moon 24"]}],
                names=«you_ada»)
assert refused(game, SelfDestruct(0)) == "self-destruct"
assert game.legal_moves() == (Place(0, card("moon 27"), 1, "moon", 2),)
drawing = draw.table(game, 0, hand_keys=True, selected=card("moon 27"), slots="moon", fits={"1-moon-right"},
                     dim=[card("moon 22")])
game.play(game.legal_moves()[0])
assert game.rows[1]["moon"][-1][-1] is card("moon 27")
drawing
""",
        teaches=["U26", "U-EX8"],
    ),
    md(
        en="""
"自我毀滅就是將《手牌和自己的日排跟夜排》通通丟到棄牌堆，並結束你的回合！" -- a self-destruct throws **your hand
and both your own rows** onto the discard pile and ends your turn. ("所以自爆不一定是壞事": cards left
in your rows cost points at the end, so it is not always bad.)
""",
        zh="""
「自我毀滅就是將《手牌和自己的日排跟夜排》通通丟到棄牌堆，並結束你的回合！」「其實，在遊戲結束計分時，你場上的牌跟手上的牌都會成為你的扣分唷！！」「所以自爆不一定是壞事」。
""",
    ),
    code(
        """
source(rules.self_destructed)
game = position([["moon 11", "moon 25"], ["sun 1"]],
                [{"moon": ["moon 10", "moon 12", "moon 13", "moon 29"], "sun": ["sun 4", "sun 28"]},
                 {"moon": ["moon 9", "moon 28"], "sun": ["sun 2", "sun 29"]}])
assert game.legal_moves() == (SelfDestruct(0),)
game.play(SelfDestruct(0))
print(game.log[-1].text)
assert game.hands[0] == [] and game.rows[0] == {"sun": [], "moon": []} and len(game.discard) == 8
assert game.turn == 1
draw.table(game, None)
""",
        teaches=["U27"],
    ),
    *try_it(
        "self_destruct",
        en="Is self-destruct the only move?",
        zh="自我毀滅是唯一能做的事嗎？",
    ),
    md(
        en="""
## The end

"當抽牌堆用完且棄牌堆無法補足時，每個人在進行一回合後遊戲結束" -- when the draw pile is used up and the
discard pile cannot refill it, **everybody plays one more turn**, then the game ends and is scored.
The engine notices this **at a draw**: when a player's draw empties the draw pile (or comes up short)
and the discard pile is empty, the final round starts with that player's turn.

In the final round a player whose hand is empty can neither play nor harvest, and "當你『無法出牌也無法
收割』的時候，就只能選擇自我毀滅" -- then you self-destruct: that is the default, as at any other time (option
`empty_hand_at_end="pass"` lets such a player pass instead). *Silent case, option
`draw_in_final_round`*: once the final round has begun nobody draws any more (default), so the cards a
self-destruct throws on the discard pile stay there. `final_round=False` ends the game at once instead.
""",
        zh="""
## 遊戲結束

「遊戲結束條件：當抽牌堆用完且棄牌堆無法補足時，每個人在進行一回合後遊戲結束．．．馬上開始計分」。引擎在**抽牌時**發現這件事：某位玩家抽牌時抽光了抽牌堆（或不夠抽），而棄牌堆是空的，最後一輪就從這位玩家的回合開始。

最後一輪裡手牌已經打完的玩家，不能出牌也不能收割；「當你『無法出牌也無法收割』的時候，就只能選擇自我毀滅」：這是預設，跟其他時候一樣（選項 `empty_hand_at_end="pass"` 讓這樣的玩家改成跳過）。*介紹沒說的情況，選項 `draw_in_final_round`*：最後一輪開始之後就沒有人再抽牌（預設），所以自我毀滅丟到棄牌堆的牌就留在那裡。`final_round=False` 則讓遊戲立刻結束。
""",
    ),
    code(
        """
source(rules.final_round_begins)
game = position([["sun 20"], ["moon 3"]], [{"sun": ["sun 10"]}, {}], rest="box")
assert game.draw_pile == [] and game.discard == []
game.play(Place(0, card("sun 20"), 0, "sun", 1))
game.play(Place(1, card("moon 3"), 1, "moon", 0))
print(game.log.of_kind("final-round")[0].text)
assert game.final_left == 2 and game.legal_moves() == (SelfDestruct(0),)   # no card, nothing to harvest
game.play(SelfDestruct(0))
assert game.hands[1] == [] and game.legal_moves() == (SelfDestruct(1),)   # no drawing in the final round
game.play(SelfDestruct(1))
assert game.is_over()
passing = position([["sun 20"], ["moon 3"]], [{"sun": ["sun 10"]}, {}], rest="box",
                   options=Options(empty_hand_at_end="pass"))
passing.play(Place(0, card("sun 20"), 0, "sun", 1))
passing.play(Place(1, card("moon 3"), 1, "moon", 0))
assert passing.is_over() and len(passing.log.of_kind("pass")) == 2 and passing.scores() == [-2, -1]
draw.table(passing, None)
""",
        teaches=["U29"],
    ),
    *try_it(
        "final_turns",
        en="The piles are used up: how many turns are left?",
        zh="牌堆都用完了：還剩幾個回合？",
    ),
    md(
        en="""
## The score

"收割到的日卡、月卡，一張１分 / 收割到的日、月蝕卡，一張０分 / 自己手上跟自己場面上日、夜排，一張日、月卡扣１分 /
日、月蝕卡，不扣分":

| | points |
|---|---|
| each harvested sun or moon card | +1 |
| each harvested eclipse | 0 |
| each sun or moon card in your hand or in your own rows (covered ones too) | -1 |
| eclipses in your hand or rows | 0 |

Cards others played into your rows are in *your* rows, so they count against you.
""",
        zh="""
## 計分

「計分方式：」

| 介紹的話 | 分數 |
|---|---|
| 收割到的日卡、月卡，一張１分 | +1 |
| 收割到的日、月蝕卡，一張０分 | 0 |
| 自己手上跟自己場面上日、夜排，一張日、月卡扣１分（被蓋住的也算） | -1 |
| 自己手上跟自己場面上日、月蝕卡，不扣分 | 0 |

其他玩家打到*你*排上的牌，就在你自己的排上，所以扣的是你的分。
""",
    ),
    code(
        """
source(rules.card_points, rules.score)
game = position([["sun 1", "solar eclipse", "moon 4"], []],
                [{"sun": ["sun 5", ["sun 8", "solar eclipse", "sun 9"], ["sun 12", "solar eclipse"]]}, {}],
                harvested=[["sun 20", "sun 21", "lunar eclipse", "moon 2"], []])
table = game.score_table()[0]
print(table)
assert table == {"player": 0, "harvested": 3, "harvested_eclipses": 1, "in_rows": 4, "in_hand": 2, "total": -3}
assert rules.card_points(card("sun 3"), True) == 1 and rules.card_points(card("lunar eclipse"), True) == 0
assert rules.card_points(card("sun 3"), False) == -1 and rules.card_points(card("solar eclipse"), False) == 0
draw.table(game, None)
""",
        teaches=["U30", "U31", "U32", "U33"],
    ),
    md(
        en="""
"計分完畢由分數高者勝" -- the **highest score wins** (with four players in teams: the higher team total).
*Silent case, option `tie_break`*: equal totals **share** the win (default); `"most_harvested"` gives
it to the one with more harvested cards.
""",
        zh="""
「計分完畢由分數高者勝」（四人分隊時：總分高的那一隊勝）。*介紹沒說的情況，選項 `tie_break`*：總分相同時**共享**勝利（預設）；`"most_harvested"` 則讓收割的牌較多的人獲勝。
""",
    ),
    code(
        """
source(rules.winners)
game = position([[], ["moon 9"]], [{}, {}], harvested=[["sun 1"], ["sun 2", "sun 3"]], turn=1)
assert game.scores() == [1, 1] and game.winners() == [0, 1]
tied = position([[], ["moon 9"]], [{}, {}], harvested=[["sun 1"], ["sun 2", "sun 3"]], turn=1,
                options=Options(tie_break="most_harvested"))
assert tied.winners() == [1]
assert rules.winners([3, -1, 5]) == [2] and rules.winners([2, 2]) == [0, 1]
""",
        teaches=["U34"],
    ),
    *try_it(
        "final_score",
        "winners",
        en="The game is over: what is this player's score? And who wins?",
        zh="遊戲結束了：這位玩家得幾分？誰獲勝？",
    ),
    md(
        en="""
## The play report, worked by you

The play report teaches with situations from its own game. **Work each one yourself, step by
step**, before the engine shows it: every step below is a position built with the engine's
own functions from the report's cards, with the report's players 甲, 乙 and 丙 (A, B and C).
Your answer is judged by the rule functions above; after it the table marks the reason and
the engine's log says what it did when the position was played on.
""",
        zh="""
## 遊戲介紹裡的情境，你來解

遊戲介紹用它自己那局遊戲的情境來教規則。在引擎讓你看結果之前，**每一個都先自己一步一步解解看**：下面每一步都是用引擎自己的函式、照介紹裡的牌排出來的局面，玩家就是介紹裡的甲、乙、丙。判定你的答案的是上面那些規則函式；判定之後，牌桌會標出理由，引擎把局面繼續玩下去，它的記錄會說它做了什麼。
""",
    ),
    *report_step(
        1,
        en="A's sun row is 15 26; B's is 2 29. Where may A's **sun 28** go?",
        zh="甲的日排是 15 26；乙的是 2 29。甲的**日 28** 可以放在哪裡？",
        source="""
AB, ABC = «ab», «abc_report»
game = position([["sun 28", "sun 19", "moon 4"], ["moon 1"]],
                [{"sun": ["sun 15", "sun 26"]}, {"sun": ["sun 2", "sun 29"]}], names=AB)
step = exercises.places_exercise(game, card("sun 28"))
assert step.answer == {"0-sun-right"} and step.outcome == step.answer
ask(step, name="sun-28")
""",
        teaches=["U-EX1"],
        ab=tr('["A (甲)", "B (乙)"]', '["甲", "乙"]'),
        abc_report=tr('["A (甲)", "B (乙)", "C (丙)"]', '["甲", "乙", "丙"]'),
    ),
    *report_step(
        2,
        en="And A's **sun 19**, which lies between 15 and 26 by number?",
        zh="那甲的**日 19** 呢？照數字，它介於 15 和 26 之間。",
        source="""
step = exercises.places_exercise(game, card("sun 19"))
assert step.answer == frozenset() and "U14" in step.rules
ask(step, name="sun-19")
""",
        teaches=["U-EX1"],
    ),
    *report_step(
        3,
        en="B's moon row starts at 21 (21 27); A's is 5 9. Where may A's **moon 13** go?",
        zh="乙的夜排從 21 開始（21 27）；甲的是 5 9。甲的**月 13** 可以放在哪裡？",
        source="""
game = position([["moon 13", "moon 22"], ["sun 1"]],
                [{"moon": ["moon 5", "moon 9"]}, {"moon": ["moon 21", "moon 27"]}], names=AB)
step = exercises.places_exercise(game, card("moon 13"))
assert step.answer == {"0-moon-right", "1-moon-left"}
ask(step, name="moon-13")
""",
        teaches=["U-EX2"],
    ),
    *report_step(
        4,
        en="A plays **sun 9**, which shows a butterfly. Who moves next?",
        zh="甲打出**日 9**，上面有一隻蝴蝶。下一個出牌的是誰？",
        source="""
game = position([["sun 9", "sun 20", "moon 2"], ["moon 1"]], [{}, {}], names=AB)
step = exercises.next_player_exercise(game, Place(0, card("sun 9"), 0, "sun", 0))
assert step.answer == 0 == step.outcome
ask(step, name="butterfly")
""",
        teaches=["U-EX3"],
    ),
    *report_step(
        5,
        title=tr("blocking", "擋人"),
        en="B has five uninterrupted sun cards and would harvest next turn. C holds a solar eclipse: where may C lay it?",
        zh="乙已經集滿五張連續的日卡，下個回合就可以收割了。丙手上有一張日蝕：丙可以把它打在哪裡？",
        source="""
game = position([["moon 1"], ["moon 2"], ["solar eclipse", "lunar eclipse"]],
                [{}, {"sun": ["sun 3", "sun 5", "sun 8", "sun 11", "sun 14"]}, {}], turn=2, names=ABC)
step = exercises.places_exercise(game, card("solar eclipse"))
assert step.answer == {f"1-sun-{i}" for i in range(5)}
ask(step, name="block")
""",
        teaches=["U-EX4"],
    ),
    *report_step(
        6,
        en="C has laid the eclipse on B's sun 8. It is B's turn: which rows may B harvest?",
        zh="丙把日蝕蓋在乙的日 8 上。輪到乙：乙可以收割哪幾排？",
        source="""
game = position([["moon 1"], ["moon 2"], ["lunar eclipse"]],
                [{}, {"sun": ["sun 3", "sun 5", ["sun 8", "solar eclipse"], "sun 11", "sun 14"]}, {}],
                turn=1, names=ABC)
step = exercises.harvests_exercise(game)
assert step.answer == frozenset() and "U25" in step.rules
ask(step, name="blocked")
""",
        teaches=["U-EX4"],
    ),
    *report_step(
        7,
        title=tr("restoring", "還原"),
        en="A's sun row is 8, an eclipse, 21. Where may A's **sun 15** go?",
        zh="甲的日排是 8、日蝕、21。甲的**日 15** 可以放在哪裡？",
        source="""
game = position([["sun 15", "sun 25"], ["moon 4"]],
                [{"sun": ["sun 8", ["sun 12", "solar eclipse"], "sun 21"]}, {"sun": ["sun 1", "sun 29"]}],
                names=AB)
step = exercises.places_exercise(game, card("sun 15"))
assert step.answer == {"0-sun-1"} and "U20" in step.rules
ask(step, name="restore")
""",
        teaches=["U-EX5"],
    ),
    *report_step(
        8,
        title=tr("a harvest", "收割"),
        en="A has six uninterrupted sun cards. Which rows may A harvest, and for how many points?",
        zh="甲有六張不中斷的日卡。甲可以收割哪幾排？值多少分？",
        source="""
game = position([["moon 1"], ["moon 2"]],
                [{"sun": ["sun 2", "sun 5", "sun 9", "sun 10", "sun 17", "sun 23"]},
                 {"sun": ["sun 1", "sun 3", "sun 4", "sun 6", "sun 7"]}], names=AB)
step = exercises.harvests_exercise(game)
assert step.answer == {"0-sun-row"}        # B's five are B's to harvest, not A's
display(ask(step, name="harvest"))
points = exercises.harvest_points_exercise(game, "sun")
assert points.answer == 6 == points.outcome
ask(points, name="harvest-points")
""",
        teaches=["U-EX6"],
    ),
    *report_step(
        9,
        title=tr("no harvest", "不能收割"),
        en="An eclipse leaves A's sun cards in runs of two and three. Which rows may A harvest?",
        zh="一張日蝕把甲的日卡切成兩張連續跟三張連續。甲可以收割哪幾排？",
        source="""
game = position([["sun 20", "sun 9"], ["moon 1"]],
                [{"sun": ["sun 3", "sun 5", ["sun 8", "solar eclipse"], "sun 11", "sun 14", "sun 16"]}, {}],
                names=AB)
step = exercises.harvests_exercise(game)
assert step.answer == frozenset() and "U-EX7" in step.rules
ask(step, name="no-harvest")
""",
        teaches=["U-EX7"],
    ),
    *report_step(
        10,
        title=tr("avoiding self-destruct", "避免自我毀滅"),
        en="Nothing fits A's own rows, and A already has four moon cards in a row that a self-destruct would "
        "throw away. Must A self-destruct?",
        zh="甲的牌打不進自己的排，而且甲已經集滿四張月卡，自我毀滅會把它們丟掉。甲一定要自我毀滅嗎？",
        source="""
game = position([["moon 27", "moon 22"], ["sun 1"]],
                [{"moon": ["moon 10", "moon 12", "moon 13", "moon 29"]}, {"moon": ["moon 20", "moon 24"]}],
                names=AB)
step = exercises.self_destruct_exercise(game)
assert step.answer is False and step.outcome is False and "U-EX8" in step.rules
ask(step, name="no-self-destruct")
""",
        teaches=["U-EX8"],
    ),
    md(
        en="""
## Every rule option

Each option is part of a game's setup record, so a replay uses the same rules. `scoring`,
`empty_hand_at_end`, `restore_order` and `final_round` follow the play report's words; the rest are
our choices where it is silent.

A record that names no options is read with today's defaults. Records saved before the play report's
defaults (teams, the final-round self-destruct) were adopted name no options either; they replay once
their setup says `"options": {"scoring": "individual", "empty_hand_at_end": "pass",
"draw_in_final_round": true}`, the rules they were played with. Their eclipses are called
`"solar eclipse 3"`; such a name is still read, as the solar eclipse.
""",
        zh="""
## 所有的規則選項

每個選項都是一局遊戲起始紀錄（setup record）的一部分，所以重播時用的是同一套規則。`scoring`、`empty_hand_at_end`、`restore_order` 和 `final_round` 依照遊戲介紹的話；其餘是介紹沒說到的地方，我們的選擇。

沒有寫任何選項的紀錄，用現在的預設值讀取。在採用遊戲介紹的預設值（分隊、最後一輪的自我毀滅）之前存下的紀錄，也沒有寫選項；在它們的 setup 寫上 `"options": {"scoring": "individual", "empty_hand_at_end": "pass", "draw_in_final_round": true}`，也就是當時玩的規則，就能重播。那些紀錄裡的日蝕叫做 `"solar eclipse 3"`；這樣的名字仍然讀得懂，當作日蝕。
""",
    ),
    code(
        """
from dataclasses import fields
from daynight.sunmoon import OPTION_CHOICES
for f in fields(Options):
    print(f"{f.name:<26} «default» {f.default!r:<16} «choices» {list(OPTION_CHOICES[f.name])}")
assert Options() == Options(scoring="teams", empty_hand_at_end="self_destruct", restore_order="outermost",
                            final_round=True, animal_without_follow_up="skip", eclipse_on_eclipse=False,
                            eclipse_on_lone_card=True, harvest_takes="run", draw_in_final_round=False,
                            tie_break="shared")
""",
        default=tr("default", "預設"),
        choices=tr("choices", "可選"),
    ),
    md(
        en="""
## A whole game

Four rule-of-thumb bots in two teams (harvest when possible, block the leader with an eclipse, otherwise
extend their own rows with the smallest gap) play a seeded game. The drawing is the end of the game as
a teacher sees it; the log explains every step, each with its rule.
""",
        zh="""
## 一整局遊戲

四個照經驗法則出牌的電腦玩家分成兩隊（能收割就收割，用日月蝕擋住領先的人，否則用差距最小的牌延伸自己的排），玩一局固定亂數種子的遊戲。圖是遊戲結束時老師所看到的牌桌；記錄說明了每一步，每一步都附上它的規則。
""",
    ),
    code(
        """
game = demo(2)
print(game.summary())
print()
print(game.log.explain()[:1200])
assert game.is_over() and game.team == (0, 1, 0, 1)
draw.table(game)
""",
    ),
]


PRACTICE: list[Markdown | Code] = [
    md(
        en="""
# Practise the rules: Sonne und Mond (日與夜)
""",
        zh="""
# 練習規則：日與夜
""",
    ),
    code(
        """
from daynight.i18n import set_language
from daynight.widgets.practice import PracticeApp

set_language("«lang»")

app = PracticeApp("sunmoon")
assert app.exercise.kind in {kind.name for kind in app.kinds}
assert app.table.target_names() and app.table.status != app.exercise.question  # asked once, above the table
app.widget
""",
    ),
    md(
        en="""
## How it works

Each exercise is a moment of a real game: the engine dealt the cards and bots played them,
and the question is about one decision a rule makes there: every place a card may go (at
an end only, ascending, into anybody's row, an eclipse on a card, a number restoring an
eclipse), which rows may be harvested and for how many points, whether self-destruct is
the only move, who moves after an animal card, how many cards an empty hand draws, how
many turns are left once the piles are used up, the final scores and who wins (teams at
four players). Answer on the table: click a place of a row, a row, a player's place or a
button; where several answers belong together, mark every one of them and press
**Check** (when a card fits nowhere, mark nothing and press **Check**). Everything works
from the keyboard too: Tab to a place, a row or a button, Enter or Space to choose it.

The answer is judged by the same rule functions that run every game, and then the engine
plays the position on: after a right answer (or **Show me**) the table marks the reason
in words, the play report's own sentence is quoted, and the engine's log says what
happened next. A wrong answer can be tried again; **Another** deals a new position from
a fresh seed, and a kind of question you missed comes back a few exercises later.

Your progress (how many exercises of each rule you have seen, and how many you got right
at the first try) is kept **in this browser only**, for this game: no account, nothing
sent to a server. *Reset progress* forgets it.

## What the exercises practise

Every kind of exercise names the statements of the play report it practises (the ids of
the project's rule checklist). The table below is made from the exercises themselves; the
dashboard beside the practice table counts your answers for each of these statements.
""",
        zh="""
## 怎麼練習

每一題都是一局真實遊戲的某個時刻：引擎發牌，電腦玩家出牌，題目問的是一條規則在那裡做的一個決定：一張牌可以放在哪些位置（只能從兩端、由小到大、任何人的排、日月蝕蓋在牌上、用數字還原日月蝕）、哪幾排可以收割以及值多少分、自我毀滅是不是唯一能做的事、打出動物牌之後輪到誰、手牌打完要抽幾張、牌堆用完之後還剩幾個回合、最後得分和誰獲勝（四人時分隊）。在牌桌上作答：點一排中的位置、一排牌、一位玩家的位置或一個按鈕；答案有好幾個的時候，把每一個都標出來再按**檢查**（牌哪裡都放不下時，什麼都不標，直接按**檢查**）。全部都可以用鍵盤操作：按 Tab 移到一個位置、一排牌或一個按鈕，按 Enter 或空白鍵選它。

判定答案的，就是每一局遊戲都在用的同一組規則函式，然後引擎把局面繼續玩下去：答對之後（或按**看答案**），牌桌會用文字標出理由，引用遊戲介紹自己的句子，引擎的記錄則說明接下來發生了什麼。答錯可以再試；**再一題**用新的亂數種子發一個新局面，你答錯的那一種題目，幾題之後會再出現。

你的進度（每條規則看過幾題、第一次就答對幾題）**只存在這個瀏覽器裡**，每個遊戲分開保存：不用帳號，不會傳到伺服器。**重設進度**會把它清掉。

## 練習的是哪些規則

每一種練習都寫明它練習的是遊戲介紹裡的哪幾句話（本專案規則檢查表的編號）。下面的表格是從練習本身產生的；練習牌桌旁的儀表板會替每一句話計算你的答案。
""",
    ),
    code(
        """
from html import escape

from IPython.display import HTML

from daynight.i18n import gettext as _
from daynight.practice import checklist, kinds_of

statements = checklist("sunmoon")
ANSWERS = «answers»
rows = "".join(
    f"<tr style='text-align:left'><td>{escape(_(kind.title))}</td><td>{ANSWERS.get(kind.shape, kind.shape)}</td>"
    f"<td style='text-align:left'>{'<br>'.join(f'{i}: {escape(statements[i].«statement»)}' for i in kind.rules)}</td></tr>"
    for kind in kinds_of("sunmoon"))
practised = {i for kind in kinds_of("sunmoon") for i in kind.rules}
assert len(practised) >= 25 and practised <= set(statements)
HTML("<table style='text-align:left'><thead><tr>«head»</tr></thead>"
     f"<tbody>{rows}</tbody></table>"
     f"<p>«practised_line»</p>")
""",
        answers=tr(
            '{"set": "mark every one", "number": "a number", "choice": "choose one"}',
            '{"set": "標出每一個", "number": "一個數字", "choice": "選一個"}',
        ),
        statement=tr("statement", "words"),
        head=tr(
            "<th>exercise</th><th>answer</th><th>the statements it practises</th>",
            "<th>練習</th><th>答案</th><th>練習的是遊戲介紹的哪幾句話</th>",
        ),
        practised_line=tr(
            "{len(practised)} of the {len(statements)} statements of the play report are practised here.",
            "這裡練習的是遊戲介紹 {len(statements)} 句話中的 {len(practised)} 句。",
        ),
    ),
]


@dataclass(frozen=True)
class Page:
    name: str  #: the English notebook's stem; the others add ``.<language>``
    cells: list[Markdown | Code]
    title: Words | None = None


PAGES = (
    Page("rules", RULES),
    Page("practice", PRACTICE, tr("Practise the rules: Sonne und Mond (日與夜)", "練習規則：日與夜")),
)


def path_of(page: Page, language: str) -> Path:
    """``notebooks/sunmoon/rules.ipynb``, ``notebooks/sunmoon/rules.zh-TW.ipynb``, ..."""
    suffix = "" if language == LANGUAGES[0] else f".{language}"
    return FOLDER / f"{page.name}{suffix}.ipynb"


def fill(cell: Code, language: str, where: str) -> str:
    """The cell's source with each ``«name»`` replaced by its words in ``language``; a mark no
    pair gives, or a pair no mark uses, is a one-line ``ValueError`` naming the cell."""
    words = {**COMMON, **dict(cell.words)}
    used = set(MARK.findall(cell.source))
    if used - set(words):
        raise ValueError(f"{where}: no tr() for {', '.join(sorted(used - set(words)))}")
    if set(dict(cell.words)) - used:
        raise ValueError(f"{where}: tr() given but not used: {', '.join(sorted(set(dict(cell.words)) - used))}")
    return MARK.sub(lambda m: words[m.group(1)].of(language), cell.source)


def render(cell: Markdown | Code, language: str, where: str) -> dict:
    """The notebook cell of ``cell`` in ``language`` (``tools.nb``'s form)."""
    teaches = list(cell.teaches) or None
    if isinstance(cell, Code):
        return nb.code(fill(cell, language, where), teaches=teaches)
    text = cell.en if language == "en" else cell.zh
    if not text.strip() or MARK.search(text):
        raise ValueError(f"{where}: the {language} text is empty or holds a «mark»")
    return nb.md(text, teaches=teaches)


def write(root: Path = ROOT) -> list[Path]:
    """Write every page in every language under ``root``; the paths written."""
    written = []
    for page in PAGES:
        for language in LANGUAGES:
            path = path_of(page, language)
            cells = [render(c, language, f"{path}, cell {i}") for i, c in enumerate(page.cells)]
            nb.write(root / path, cells, title=page.title.of(language) if page.title else None)
            written.append(path)
    return written


def stale(root: Path = ROOT) -> list[Path]:
    """The notebooks under ``root`` that differ from (or lack) what :func:`write` makes."""
    with tempfile.TemporaryDirectory() as tmp:
        made = Path(tmp)
        return [
            path
            for path in write(made)
            if not (root / path).is_file() or (root / path).read_bytes() != (made / path).read_bytes()
        ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a notebook is stale")
    args = parser.parse_args(argv)
    if args.check:
        differ = stale()
        for path in differ:
            print(f"{path} differs from tools/sunmoon_rules.py: run python -m tools.sunmoon_rules")
        return 1 if differ else 0
    for path in write():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
