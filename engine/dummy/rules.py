"""Validate a parsed table against the rules (dummy.md §3.1-§3.3, dummy-table.md): the first
rule it breaks is a ``BAD_TABLE`` naming the field. Returns the meld shapes it checked.

What only a whole game could tell (the order of turns, what was drawn) is not known; the
checks are those the final table can decide: card counts, melds, layoff places, the knock,
the fool, where the head card can be, and hand sizes the dealing and turns can produce.
"""

from __future__ import annotations

from ..errors import quote
from . import cards as C
from . import melds as M
from .table import PLAYERS, Player, Table, bad

DEALT = 7  # §3, §14


def _all_cards(table: Table):
    """Every card the table shows, with its field, in the order of the table."""
    for player in table.players:
        for meld in player.melds:
            for i, text in enumerate(meld.cards):
                yield text, f"{meld.field}.cards[{i}]"
        for layoff in player.layoffs:
            yield layoff.card, f"{layoff.field}.card"
        for i, text in enumerate(player.hand):
            yield text, f"{player.field}.hand[{i}]"
    if table.knock is not None:
        yield table.knock.face_down, "knock.face_down"
    for i, text in enumerate(table.discard_pile or ()):
        yield text, f"discard_pile[{i}]"


def _count_cards(table: Table) -> None:
    seen: dict[str, str] = {}
    for text, field in _all_cards(table):
        if text in seen:
            raise bad(field, f"{quote(text)} is used twice: it is already at {seen[text]} "
                             "(one deck has each card once)",
                      f"ไพ่ {quote(text)} ถูกใช้ 2 ครั้ง มีอยู่แล้วที่ {seen[text]} (ไพ่หนึ่งสำรับมีแต่ละใบใบเดียว)")
        seen[text] = field
    if table.stock_count is None:
        return
    shown = len(seen) + table.stock_count
    if shown > C.DECK_SIZE or (table.discard_pile is not None and shown != C.DECK_SIZE):
        raise bad("stock_count", f"the table shows {len(seen)} cards and the stock holds {table.stock_count}: "
                                 f"{shown} cards, but a deck has {C.DECK_SIZE}",
                  f"โต๊ะนี้มีไพ่ที่เห็น {len(seen)} ใบและกองจั่วอีก {table.stock_count} ใบ รวม {shown} ใบ "
                  f"แต่ไพ่หนึ่งสำรับมี {C.DECK_SIZE} ใบ")


def _shapes(table: Table) -> dict[str, M.Shape]:
    shapes = {}
    for player in table.players:
        for meld in player.melds:
            found, (why, why_th) = M.shape(meld.cards)
            if found is None:
                raise bad(meld.field, f"{quote(list(meld.cards))} is not a set or a run: {why}",
                          f"{quote(list(meld.cards))} ไม่ใช่ตองหรือเรียง: {why_th}")
            shapes[meld.id] = found
    return shapes


def _knock_flags(table: Table) -> None:
    knocker = table.knock.player if table.knock else None
    for player in table.players:
        for item in player.melds + player.layoffs:
            if item.in_knock and player.id != knocker:
                raise bad(f"{item.field}.in_knock", f"{quote(player.id)} did not knock, so put nothing down in a "
                                                    "knocking turn",
                          f"{quote(player.id)} ไม่ได้น็อก จึงไม่มีไพ่ที่ลงในตาที่น็อก")


def _born_before_knock(player: Player) -> bool:
    return any(not m.in_knock for m in player.melds) or any(not l.in_knock for l in player.layoffs)


def born(table: Table) -> dict[str, bool]:
    """Who is light (สว่าง): a meld of his own; the knocker, born before his knocking turn."""
    knocker = table.knock.player if table.knock else None
    return {p.id: _born_before_knock(p) if p.id == knocker else bool(p.melds) for p in table.players}


def _speto_shown_outside(table: Table, meld_id: str) -> bool:
    """Was a speto melded or laid off somewhere but onto the blocker meld ``meld_id`` itself?
    Its owner's own speto laid on it counts (A-D33: the same action may put it down there)."""
    owner = meld_id.rsplit(".", 1)[0]
    for player in table.players:
        if any(C.is_speto(text) for meld in player.melds for text in meld.cards):
            return True
        if any(C.is_speto(l.card) and (l.onto != meld_id or player.id == owner) for l in player.layoffs):
            return True
    return False


def _blockers(table: Table) -> None:
    for player in table.players:
        for meld in player.melds:
            if M.is_blocker(meld.cards) and not meld.in_knock and not _speto_shown_outside(table, meld.id):
                raise bad(meld.field, f"{quote(list(meld.cards))} is a speto-blocker meld (2♠2♥2♦, Q♥Q♦Q♣, "
                                      "3-4-5♣, 9-10-J♠): it may not be melded while no speto is down (§35, §40)",
                          f"{quote(list(meld.cards))} เป็นชุดตัวกันสเปโต (ตองสองขาว ตองแหม่มขาว เรียงสาม-สี่-ห้าดอกจิก "
                          "เรียงเก้า-สิบ-แจ็คโพดำ) ห้ามลงขณะที่ยังไม่มีสเปโตลงมา (ข้อ 35 และ 40)")


def _layoff_owner(table: Table, player: Player) -> None:
    """§37: laying off needs a meld of one's own put down earlier (a knocker's layoffs in the
    knocking turn are §46's business: see :func:`_knock`)."""
    knocker = table.knock.player if table.knock else None
    for layoff in player.layoffs:
        if player.id == knocker and layoff.in_knock:
            continue
        if not any(not m.in_knock for m in player.melds):
            raise bad(layoff.field, f"{quote(player.id)} had no meld of his own when laying off {quote(layoff.card)}: "
                                    "a dark player may not lay off (§37)",
                      f"{quote(player.id)} ยังไม่มีชุดไพ่ของตัวเองตอนฝาก {quote(layoff.card)} "
                      "ผู้เล่นที่ยังมืดฝากดัมมี่ไม่ได้ (ข้อ 37)")


def _layoff_places(table: Table, shapes: dict[str, M.Shape], owner_only: bool) -> None:
    melds = {m.id: m for p in table.players for m in p.melds}
    onto: dict[str, list] = {}
    for player in table.players:
        _layoff_owner(table, player)
        for layoff in player.layoffs:
            if layoff.onto not in melds:
                raise bad(f"{layoff.field}.onto", f"there is no meld {quote(layoff.onto)}; meld ids are the player "
                          f"id, a dot and the meld's index: {', '.join(melds) or 'none on this table'}",
                          f"ไม่มีชุดไพ่ {quote(layoff.onto)} รหัสชุดคือรหัสผู้เล่น จุด และลำดับของชุด: "
                          f"{', '.join(melds) or 'โต๊ะนี้ยังไม่มีชุดไพ่'}")
            if melds[layoff.onto].in_knock and not layoff.in_knock:
                raise bad(f"{layoff.field}.in_knock", f"{quote(layoff.onto)} was put down in the knocking turn, "
                          "after which nobody plays, so this layoff was made in that turn too",
                          f"ชุด {quote(layoff.onto)} ลงในตาที่น็อก ซึ่งหลังจากนั้นไม่มีใครเล่นต่อ "
                          "การฝากนี้จึงต้องอยู่ในตาที่น็อกด้วย")
            onto.setdefault(layoff.onto, []).append(layoff)
    for meld_id, layoffs in onto.items():
        owner = melds[meld_id].owner
        for layoff in layoffs:
            laid = {other.card: other.owner == owner for other in layoffs if other is not layoff}
            if not M.fits(shapes[meld_id], layoff.card, laid, M.LAYOFF_REACH, owner_only):
                raise bad(layoff.field, *misplaced(shapes[meld_id], layoff.card, meld_id, laid, owner_only))


def misplaced(shape: M.Shape, text: str, meld_id: str, laid: dict[str, bool], owner_only: bool) -> tuple[str, str]:
    """Why ``text`` cannot be laid off on ``shape``, in English and Thai."""
    spot = M.place_on(shape, text)
    where = f"{quote(text)} onto {meld_id} {quote(list(shape.cards))}"
    where_th = f"{quote(text)} ลงชุด {meld_id} {quote(list(shape.cards))}"
    if spot is None:
        return (f"{where}: it does not extend this {shape.kind}",
                f"{where_th}: ไพ่ใบนี้ต่อ{'ตอง' if shape.kind == M.SET else 'เรียง'}ชุดนี้ไม่ได้")
    if shape.kind == M.SET:
        return f"{where}: the set takes only one 4th card", f"{where_th}: ตองรับใบที่ 4 ได้ใบเดียว"
    if spot.position > M.FACE_DOWN_REACH:
        return (f"{where}: position {spot.position} beyond the run's end is too far "
                "(a layoff goes 1 or 2 places beyond)",
                f"{where_th}: ตำแหน่งที่ {spot.position} ไกลจากปลายเรียงเกินไป (ฝากได้ 1 หรือ 2 ตำแหน่งจากปลาย)")
    if spot.position > M.LAYOFF_REACH:
        return (f"{where}: position {spot.position} beyond the run's end is a dummy only as the face-down knock card",
                f"{where_th}: ตำแหน่งที่ {spot.position} จากปลายเรียงเป็นดัมมี่ได้เฉพาะไพ่คว่ำน็อก")
    if owner_only and laid.get(M.neighbour(shape, spot)) is False:
        return (f"{where}: it would touch another player's dummy, not the meld owner's cards (layoffOnto)",
                f"{where_th}: ต่อจากดัมมี่ของผู้อื่น ไม่ใช่ไพ่ของเจ้าของชุด (ตามตัวเลือกการฝากดัมมี่)")
    return (f"{where}: position {spot.position} needs position {spot.position - 1} laid off first",
            f"{where_th}: ตำแหน่งที่ {spot.position} ต้องมีไพ่ตำแหน่งที่ {spot.position - 1} ฝากไว้ก่อน")


def _knock(table: Table) -> None:
    knock = table.knock
    if knock is None:
        return
    player = table.player(knock.player)
    who = quote(player.id)
    if player.hand:
        raise bad(f"{player.field}.hand", f"the knocker {who} puts down every card but the face-down one (§45), "
                  f"so holds none, yet the hand lists {quote(list(player.hand))}",
                  f"ผู้น็อก {who} ต้องลงไพ่ทุกใบยกเว้นใบที่คว่ำ (ข้อ 45) จึงไม่มีไพ่ในมือ "
                  f"แต่ในมือยังมี {quote(list(player.hand))}")
    down = {text for m in player.melds if m.in_knock for text in m.cards}
    down |= {l.card for l in player.layoffs if l.in_knock}
    if not down:
        raise bad("knock", f"a knock puts cards down in the knocking turn (§45), but none of {who}'s melds or layoffs "
                  "is marked in_knock",
                  f"การน็อกต้องลงไพ่ในตาที่น็อก (ข้อ 45) แต่ไม่มีชุดหรือดัมมี่ของ {who} ที่ระบุว่าลงในตาที่น็อก")
    dark = not _born_before_knock(player)
    if dark and not player.melds:
        raise bad("knock", f"{who} knocks dark, which needs at least one set or run of his own (§46)",
                  f"{who} น็อกมืด ซึ่งต้องมีชุดตองหรือเรียงของตัวเองอย่างน้อย 1 ชุด (ข้อ 46)")
    seen = set()
    for i, text in enumerate(knock.collected):
        field = f"knock.collected[{i}]"
        if text in seen:
            raise bad(field, f"{quote(text)} is listed twice", f"{quote(text)} ซ้ำในรายการ")
        seen.add(text)
        if i == 0 and text not in down:
            raise bad(field, f"the key card {quote(text)} collected to knock goes into a meld or dummy put down in the "
                      "knocking turn (§33), but it is in none",
                      f"ไพ่ {quote(text)} ที่เก็บมาน็อกต้องอยู่ในชุดหรือดัมมี่ที่ลงในตาที่น็อก (ข้อ 33) แต่ไม่พบ")
        if text not in down and text != knock.face_down:
            raise bad(field, f"{quote(text)} was taken from the pile in the knocking turn, so it is put down or "
                      "face down, but it is neither",
                      f"{quote(text)} ถูกเก็บจากกองในตาที่น็อก จึงต้องลงหรือคว่ำ แต่ไม่พบทั้งสองแบบ")
    gained = max(1, len(knock.collected))
    own = len(player.put_down()) + 1
    if own < DEALT + gained or (dark and own != DEALT + gained):
        need = f"exactly {DEALT + gained}" if dark else f"at least {DEALT + gained}"
        raise bad(player.field, f"{who} knocks with {own} cards (put down and face down); the 7 dealt and the "
                  f"{gained} taken in the knocking turn make {need}",
                  f"{who} น็อกด้วยไพ่ {own} ใบ (ที่ลงและที่คว่ำ) แต่ไพ่ที่แจก 7 ใบกับที่ได้ในตาน็อก {gained} ใบ "
                  f"ต้องรวม{'เท่ากับ' if dark else 'อย่างน้อย'} {DEALT + gained} ใบ")


def _hands(table: Table) -> None:
    light = born(table)
    for player in table.players:
        if table.knock is not None and player.id == table.knock.player:
            continue
        who, held = quote(player.id), len(player.hand)
        if not light[player.id] and held != DEALT:
            raise bad(f"{player.field}.hand", f"{who} is still dark (no meld of his own), so holds the {DEALT} cards "
                      f"dealt, not {held}",
                      f"{who} ยังมืด (ยังไม่มีชุดไพ่ของตัวเอง) จึงต้องถือไพ่ {DEALT} ใบที่แจก ไม่ใช่ {held} ใบ")
        total = held + len(player.put_down())
        if total < DEALT:
            raise bad(f"{player.field}.hand", f"{who} holds {held} and has put down {total - held}: {total} cards, "
                      f"fewer than the {DEALT} dealt (every turn takes a card before discarding one)",
                      f"{who} ถือ {held} ใบและลงแล้ว {total - held} ใบ รวม {total} ใบ น้อยกว่า {DEALT} ใบที่แจก "
                      "(ทุกตาต้องได้ไพ่ก่อนทิ้ง 1 ใบ)")


def _fool(table: Table) -> None:
    fool, knock = table.fool, table.knock
    if fool is None:
        return
    if knock is None:
        raise bad("fool", "a fool (ตีโง่) feeds the card someone knocks with, but nobody knocked",
                  "การตีโง่คือการทิ้งไพ่ให้ขาล่างเก็บไปน็อก แต่เกมนี้ไม่มีผู้น็อก")
    if fool.receiver != knock.player:
        raise bad("fool.receiver", f"the fool's receiver is the knocker {quote(knock.player)}, not "
                  f"{quote(fool.receiver)}", f"ผู้ได้โง่คือผู้น็อก {quote(knock.player)} ไม่ใช่ {quote(fool.receiver)}")
    previous = table.players[(table.player(knock.player).seat - 1) % PLAYERS].id
    if fool.feeder != previous:
        raise bad("fool.feeder", f"the fool card comes from the knocker's previous seat (ขาบน) {quote(previous)}, "
                  f"not {quote(fool.feeder)}",
                  f"ตัวโง่มาจากขาบนของผู้น็อก คือ {quote(previous)} ไม่ใช่ {quote(fool.feeder)}")
    if len(knock.collected) != 1:
        raise bad("knock.collected", f"a fool is knocked with the one card the previous seat just discarded (§47), "
                  f"so collected lists that card alone, not {quote(list(knock.collected))}",
                  f"การได้โง่คือการน็อกด้วยไพ่ใบเดียวที่ขาบนเพิ่งทิ้ง (ข้อ 47) ไพ่ที่เก็บมาน็อกจึงมีไพ่ใบนั้นใบเดียว "
                  f"ไม่ใช่ {quote(list(knock.collected))}")


HEAD_IS_KEY = ("the head card lies at the bottom of the pile, so it is only ever taken as the key card of a "
               "collection, which melds it at once (§33)",
               "ไพ่หัวอยู่ล่างสุดของกองทิ้ง จึงถูกเก็บได้เฉพาะเป็นไพ่ใบที่เลือกเก็บ ซึ่งต้องลงเป็นชุดทันที (ข้อ 33)")


def _head(table: Table) -> None:
    head, knock = table.head, table.knock
    key = knock.collected[0] if knock and knock.collected else None
    held = False
    for player in table.players:
        if head in player.hand:
            raise bad(f"{player.field}.hand[{player.hand.index(head)}]", *HEAD_IS_KEY)
        for layoff in player.layoffs:
            if layoff.card == head and not (layoff.in_knock and key == head):
                raise bad(f"{layoff.field}.card", *HEAD_IS_KEY)
        held = held or head in player.put_down()
    if knock is not None and (knock.face_down == head or (head in knock.collected and key != head)):
        raise bad("knock.face_down" if knock.face_down == head else "knock.collected", *HEAD_IS_KEY)
    pile = table.discard_pile
    if pile is not None and (head in pile[1:] or (not held and pile[:1] != (head,))):
        raise bad("discard_pile", f"the head card {quote(head)} starts the discard pile (§18): until someone takes it, "
                  "it is discard_pile[0]",
                  f"ไพ่หัว {quote(head)} เป็นใบแรกของกองทิ้ง (ข้อ 18) ถ้ายังไม่มีใครเก็บ ต้องเป็น discard_pile[0]")


def _liabilities(table: Table) -> None:
    knocker = table.knock.player if table.knock else None
    for liability in table.events.liabilities:
        if liability.covers == "all" and (knocker is None or liability.beneficiary != knocker):
            raise bad(f"{liability.field}.beneficiary", "paying everything on behalf of the other losers (§82) is "
                      "paid to the knocker", "การเหมาจ่ายแทนผู้เสียอีก 2 ขา (ข้อ 82) จ่ายให้ผู้น็อก")


def _dealer(table: Table) -> None:
    tie = table.tie_break
    if tie and tie.dealer is not None and table.knock and tie.dealer != table.knock.player:
        raise bad("tie_break.dealer", f"the knocker {quote(table.knock.player)} deals the next game (§10), not "
                  f"{quote(tie.dealer)}", f"ผู้น็อก {quote(table.knock.player)} เป็นผู้ทำไพ่เกมถัดไป (ข้อ 10) "
                  f"ไม่ใช่ {quote(tie.dealer)}")


def validate(table: Table, owner_only: bool) -> dict[str, M.Shape]:
    """Check ``table`` against the rules; the shape of every meld by id. ``owner_only`` is A-D14."""
    _count_cards(table)
    shapes = _shapes(table)
    _knock_flags(table)
    _blockers(table)
    _layoff_places(table, shapes, owner_only)
    _knock(table)
    _hands(table)
    _fool(table)
    _head(table)
    _liabilities(table)
    _dealer(table)
    return shapes
