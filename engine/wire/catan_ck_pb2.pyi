from engine.wire import catan_pb2 as _catan_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CatanCkAction(_message.Message):
    __slots__ = ("settle", "road", "city", "roll", "end", "move_robber", "discard", "give_cards", "take_cards", "bank_trade", "offer", "accept", "reject", "counter", "confirm", "withdraw", "wall", "build_knight", "activate", "promote", "move_knight", "displace", "chase", "improve", "play_card", "drop_card", "take_card", "choose_corner", "choose_kind", "choose_deck", "defend", "harbor")
    class Settle(_message.Message):
        __slots__ = ("corner",)
        CORNER_FIELD_NUMBER: _ClassVar[int]
        corner: int
        def __init__(self, corner: _Optional[int] = ...) -> None: ...
    class Road(_message.Message):
        __slots__ = ("a", "b")
        A_FIELD_NUMBER: _ClassVar[int]
        B_FIELD_NUMBER: _ClassVar[int]
        a: int
        b: int
        def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...
    class City(_message.Message):
        __slots__ = ("corner",)
        CORNER_FIELD_NUMBER: _ClassVar[int]
        corner: int
        def __init__(self, corner: _Optional[int] = ...) -> None: ...
    class Roll(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class End(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class MoveRobber(_message.Message):
        __slots__ = ("hex", "victim")
        HEX_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        hex: int
        victim: int
        def __init__(self, hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class Discard(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class GiveCards(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class TakeCards(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class BankTrade(_message.Message):
        __slots__ = ("give", "count", "get")
        GIVE_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        give: int
        count: int
        get: int
        def __init__(self, give: _Optional[int] = ..., count: _Optional[int] = ..., get: _Optional[int] = ...) -> None: ...
    class Offer(_message.Message):
        __slots__ = ("give", "get", "to")
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        give: _containers.RepeatedScalarFieldContainer[int]
        get: _containers.RepeatedScalarFieldContainer[int]
        to: int
        def __init__(self, give: _Optional[_Iterable[int]] = ..., get: _Optional[_Iterable[int]] = ..., to: _Optional[int] = ...) -> None: ...
    class Accept(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Reject(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Counter(_message.Message):
        __slots__ = ("give", "get")
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        give: _containers.RepeatedScalarFieldContainer[int]
        get: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, give: _Optional[_Iterable[int]] = ..., get: _Optional[_Iterable[int]] = ...) -> None: ...
    class Confirm(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Withdraw(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Wall(_message.Message):
        __slots__ = ("corner",)
        CORNER_FIELD_NUMBER: _ClassVar[int]
        corner: int
        def __init__(self, corner: _Optional[int] = ...) -> None: ...
    class BuildKnight(_message.Message):
        __slots__ = ("corner",)
        CORNER_FIELD_NUMBER: _ClassVar[int]
        corner: int
        def __init__(self, corner: _Optional[int] = ...) -> None: ...
    class Activate(_message.Message):
        __slots__ = ("corner",)
        CORNER_FIELD_NUMBER: _ClassVar[int]
        corner: int
        def __init__(self, corner: _Optional[int] = ...) -> None: ...
    class Promote(_message.Message):
        __slots__ = ("corner",)
        CORNER_FIELD_NUMBER: _ClassVar[int]
        corner: int
        def __init__(self, corner: _Optional[int] = ...) -> None: ...
    class MoveKnight(_message.Message):
        __slots__ = ("src", "dst")
        SRC_FIELD_NUMBER: _ClassVar[int]
        DST_FIELD_NUMBER: _ClassVar[int]
        src: int
        dst: int
        def __init__(self, src: _Optional[int] = ..., dst: _Optional[int] = ...) -> None: ...
    class Displace(_message.Message):
        __slots__ = ("src", "dst")
        SRC_FIELD_NUMBER: _ClassVar[int]
        DST_FIELD_NUMBER: _ClassVar[int]
        src: int
        dst: int
        def __init__(self, src: _Optional[int] = ..., dst: _Optional[int] = ...) -> None: ...
    class Chase(_message.Message):
        __slots__ = ("corner",)
        CORNER_FIELD_NUMBER: _ClassVar[int]
        corner: int
        def __init__(self, corner: _Optional[int] = ...) -> None: ...
    class Improve(_message.Message):
        __slots__ = ("track",)
        TRACK_FIELD_NUMBER: _ClassVar[int]
        track: int
        def __init__(self, track: _Optional[int] = ...) -> None: ...
    class PlayCard(_message.Message):
        __slots__ = ("card", "args")
        CARD_FIELD_NUMBER: _ClassVar[int]
        ARGS_FIELD_NUMBER: _ClassVar[int]
        card: int
        args: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, card: _Optional[int] = ..., args: _Optional[_Iterable[int]] = ...) -> None: ...
    class DropCard(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class TakeCard(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class ChooseCorner(_message.Message):
        __slots__ = ("corner",)
        CORNER_FIELD_NUMBER: _ClassVar[int]
        corner: int
        def __init__(self, corner: _Optional[int] = ...) -> None: ...
    class ChooseKind(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: int
        def __init__(self, kind: _Optional[int] = ...) -> None: ...
    class ChooseDeck(_message.Message):
        __slots__ = ("track",)
        TRACK_FIELD_NUMBER: _ClassVar[int]
        track: int
        def __init__(self, track: _Optional[int] = ...) -> None: ...
    class Defend(_message.Message):
        __slots__ = ("corners",)
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        corners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, corners: _Optional[_Iterable[int]] = ...) -> None: ...
    class Pass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Harbor(_message.Message):
        __slots__ = ("seat", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    SETTLE_FIELD_NUMBER: _ClassVar[int]
    ROAD_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    MOVE_ROBBER_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARDS_FIELD_NUMBER: _ClassVar[int]
    TAKE_CARDS_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    REJECT_FIELD_NUMBER: _ClassVar[int]
    COUNTER_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    BUILD_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_FIELD_NUMBER: _ClassVar[int]
    PROMOTE_FIELD_NUMBER: _ClassVar[int]
    MOVE_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    DISPLACE_FIELD_NUMBER: _ClassVar[int]
    CHASE_FIELD_NUMBER: _ClassVar[int]
    IMPROVE_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    DROP_CARD_FIELD_NUMBER: _ClassVar[int]
    TAKE_CARD_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CORNER_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_KIND_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_DECK_FIELD_NUMBER: _ClassVar[int]
    DEFEND_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    HARBOR_FIELD_NUMBER: _ClassVar[int]
    settle: CatanCkAction.Settle
    road: CatanCkAction.Road
    city: CatanCkAction.City
    roll: CatanCkAction.Roll
    end: CatanCkAction.End
    move_robber: CatanCkAction.MoveRobber
    discard: CatanCkAction.Discard
    give_cards: CatanCkAction.GiveCards
    take_cards: CatanCkAction.TakeCards
    bank_trade: CatanCkAction.BankTrade
    offer: CatanCkAction.Offer
    accept: CatanCkAction.Accept
    reject: CatanCkAction.Reject
    counter: CatanCkAction.Counter
    confirm: CatanCkAction.Confirm
    withdraw: CatanCkAction.Withdraw
    wall: CatanCkAction.Wall
    build_knight: CatanCkAction.BuildKnight
    activate: CatanCkAction.Activate
    promote: CatanCkAction.Promote
    move_knight: CatanCkAction.MoveKnight
    displace: CatanCkAction.Displace
    chase: CatanCkAction.Chase
    improve: CatanCkAction.Improve
    play_card: CatanCkAction.PlayCard
    drop_card: CatanCkAction.DropCard
    take_card: CatanCkAction.TakeCard
    choose_corner: CatanCkAction.ChooseCorner
    choose_kind: CatanCkAction.ChooseKind
    choose_deck: CatanCkAction.ChooseDeck
    defend: CatanCkAction.Defend
    harbor: CatanCkAction.Harbor
    def __init__(self, settle: _Optional[_Union[CatanCkAction.Settle, _Mapping]] = ..., road: _Optional[_Union[CatanCkAction.Road, _Mapping]] = ..., city: _Optional[_Union[CatanCkAction.City, _Mapping]] = ..., roll: _Optional[_Union[CatanCkAction.Roll, _Mapping]] = ..., end: _Optional[_Union[CatanCkAction.End, _Mapping]] = ..., move_robber: _Optional[_Union[CatanCkAction.MoveRobber, _Mapping]] = ..., discard: _Optional[_Union[CatanCkAction.Discard, _Mapping]] = ..., give_cards: _Optional[_Union[CatanCkAction.GiveCards, _Mapping]] = ..., take_cards: _Optional[_Union[CatanCkAction.TakeCards, _Mapping]] = ..., bank_trade: _Optional[_Union[CatanCkAction.BankTrade, _Mapping]] = ..., offer: _Optional[_Union[CatanCkAction.Offer, _Mapping]] = ..., accept: _Optional[_Union[CatanCkAction.Accept, _Mapping]] = ..., reject: _Optional[_Union[CatanCkAction.Reject, _Mapping]] = ..., counter: _Optional[_Union[CatanCkAction.Counter, _Mapping]] = ..., confirm: _Optional[_Union[CatanCkAction.Confirm, _Mapping]] = ..., withdraw: _Optional[_Union[CatanCkAction.Withdraw, _Mapping]] = ..., wall: _Optional[_Union[CatanCkAction.Wall, _Mapping]] = ..., build_knight: _Optional[_Union[CatanCkAction.BuildKnight, _Mapping]] = ..., activate: _Optional[_Union[CatanCkAction.Activate, _Mapping]] = ..., promote: _Optional[_Union[CatanCkAction.Promote, _Mapping]] = ..., move_knight: _Optional[_Union[CatanCkAction.MoveKnight, _Mapping]] = ..., displace: _Optional[_Union[CatanCkAction.Displace, _Mapping]] = ..., chase: _Optional[_Union[CatanCkAction.Chase, _Mapping]] = ..., improve: _Optional[_Union[CatanCkAction.Improve, _Mapping]] = ..., play_card: _Optional[_Union[CatanCkAction.PlayCard, _Mapping]] = ..., drop_card: _Optional[_Union[CatanCkAction.DropCard, _Mapping]] = ..., take_card: _Optional[_Union[CatanCkAction.TakeCard, _Mapping]] = ..., choose_corner: _Optional[_Union[CatanCkAction.ChooseCorner, _Mapping]] = ..., choose_kind: _Optional[_Union[CatanCkAction.ChooseKind, _Mapping]] = ..., choose_deck: _Optional[_Union[CatanCkAction.ChooseDeck, _Mapping]] = ..., defend: _Optional[_Union[CatanCkAction.Defend, _Mapping]] = ..., harbor: _Optional[_Union[CatanCkAction.Harbor, _Mapping]] = ..., **kwargs) -> None: ...

class CatanCkObservation(_message.Message):
    __slots__ = ("seat", "decision", "phase", "step", "turn", "active", "dice", "terrain", "tokens", "harbor_edges", "harbor_types", "robber", "robber_active", "owner", "level", "walls", "metropolis", "road_owner", "knight_owner", "knight_level", "knight_active", "knight_activated", "knight_promoted", "knight_supply", "hand", "hand_sizes", "progress", "progress_counts", "deck_sizes", "improvements", "bank", "ship", "barbarian_track", "attacks", "defenders", "vp_cards", "merchant_hex", "merchant_owner", "longest_road", "road_lengths", "vp", "vp_to_win", "pieces_left", "rates", "offers_made", "offer_limit", "offer", "answers", "discard_owed", "shown", "frames", "fleet", "harbor_open", "harbor_targets", "knight_chased")
    class Tracks(_message.Message):
        __slots__ = ("trade", "politics", "science")
        TRADE_FIELD_NUMBER: _ClassVar[int]
        POLITICS_FIELD_NUMBER: _ClassVar[int]
        SCIENCE_FIELD_NUMBER: _ClassVar[int]
        trade: int
        politics: int
        science: int
        def __init__(self, trade: _Optional[int] = ..., politics: _Optional[int] = ..., science: _Optional[int] = ...) -> None: ...
    class Knights(_message.Message):
        __slots__ = ("basic", "strong", "mighty")
        BASIC_FIELD_NUMBER: _ClassVar[int]
        STRONG_FIELD_NUMBER: _ClassVar[int]
        MIGHTY_FIELD_NUMBER: _ClassVar[int]
        basic: int
        strong: int
        mighty: int
        def __init__(self, basic: _Optional[int] = ..., strong: _Optional[int] = ..., mighty: _Optional[int] = ...) -> None: ...
    class Pieces(_message.Message):
        __slots__ = ("settlements", "cities", "roads", "walls")
        SETTLEMENTS_FIELD_NUMBER: _ClassVar[int]
        CITIES_FIELD_NUMBER: _ClassVar[int]
        ROADS_FIELD_NUMBER: _ClassVar[int]
        WALLS_FIELD_NUMBER: _ClassVar[int]
        settlements: int
        cities: int
        roads: int
        walls: int
        def __init__(self, settlements: _Optional[int] = ..., cities: _Optional[int] = ..., roads: _Optional[int] = ..., walls: _Optional[int] = ...) -> None: ...
    class TradeAnswer(_message.Message):
        __slots__ = ("seat", "kind", "gives", "gets")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        GIVES_FIELD_NUMBER: _ClassVar[int]
        GETS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        kind: str
        gives: _containers.RepeatedScalarFieldContainer[int]
        gets: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., kind: _Optional[str] = ..., gives: _Optional[_Iterable[int]] = ..., gets: _Optional[_Iterable[int]] = ...) -> None: ...
    class Frame(_message.Message):
        __slots__ = ("kind", "seats", "name", "card", "player", "rest", "values")
        KIND_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        PLAYER_FIELD_NUMBER: _ClassVar[int]
        REST_FIELD_NUMBER: _ClassVar[int]
        VALUES_FIELD_NUMBER: _ClassVar[int]
        kind: str
        seats: _containers.RepeatedScalarFieldContainer[int]
        name: str
        card: int
        player: int
        rest: _containers.RepeatedScalarFieldContainer[int]
        values: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, kind: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., name: _Optional[str] = ..., card: _Optional[int] = ..., player: _Optional[int] = ..., rest: _Optional[_Iterable[int]] = ..., values: _Optional[_Iterable[int]] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    HARBOR_EDGES_FIELD_NUMBER: _ClassVar[int]
    HARBOR_TYPES_FIELD_NUMBER: _ClassVar[int]
    ROBBER_FIELD_NUMBER: _ClassVar[int]
    ROBBER_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    WALLS_FIELD_NUMBER: _ClassVar[int]
    METROPOLIS_FIELD_NUMBER: _ClassVar[int]
    ROAD_OWNER_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_OWNER_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_ACTIVATED_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_PROMOTED_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_COUNTS_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZES_FIELD_NUMBER: _ClassVar[int]
    IMPROVEMENTS_FIELD_NUMBER: _ClassVar[int]
    BANK_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    BARBARIAN_TRACK_FIELD_NUMBER: _ClassVar[int]
    ATTACKS_FIELD_NUMBER: _ClassVar[int]
    DEFENDERS_FIELD_NUMBER: _ClassVar[int]
    VP_CARDS_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_HEX_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_OWNER_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROAD_FIELD_NUMBER: _ClassVar[int]
    ROAD_LENGTHS_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    VP_TO_WIN_FIELD_NUMBER: _ClassVar[int]
    PIECES_LEFT_FIELD_NUMBER: _ClassVar[int]
    RATES_FIELD_NUMBER: _ClassVar[int]
    OFFERS_MADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_OWED_FIELD_NUMBER: _ClassVar[int]
    SHOWN_FIELD_NUMBER: _ClassVar[int]
    FRAMES_FIELD_NUMBER: _ClassVar[int]
    FLEET_FIELD_NUMBER: _ClassVar[int]
    HARBOR_OPEN_FIELD_NUMBER: _ClassVar[int]
    HARBOR_TARGETS_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_CHASED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    decision: str
    phase: str
    step: str
    turn: int
    active: int
    dice: _containers.RepeatedScalarFieldContainer[int]
    terrain: _containers.RepeatedScalarFieldContainer[int]
    tokens: _containers.RepeatedScalarFieldContainer[int]
    harbor_edges: _containers.RepeatedScalarFieldContainer[int]
    harbor_types: _containers.RepeatedScalarFieldContainer[int]
    robber: int
    robber_active: bool
    owner: _containers.RepeatedScalarFieldContainer[int]
    level: _containers.RepeatedScalarFieldContainer[int]
    walls: _containers.RepeatedScalarFieldContainer[int]
    metropolis: _containers.RepeatedScalarFieldContainer[int]
    road_owner: _containers.RepeatedScalarFieldContainer[int]
    knight_owner: _containers.RepeatedScalarFieldContainer[int]
    knight_level: _containers.RepeatedScalarFieldContainer[int]
    knight_active: _containers.RepeatedScalarFieldContainer[int]
    knight_activated: _containers.RepeatedScalarFieldContainer[int]
    knight_promoted: _containers.RepeatedScalarFieldContainer[int]
    knight_supply: _containers.RepeatedCompositeFieldContainer[CatanCkObservation.Knights]
    hand: _containers.RepeatedScalarFieldContainer[int]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    progress: _containers.RepeatedScalarFieldContainer[int]
    progress_counts: _containers.RepeatedCompositeFieldContainer[CatanCkObservation.Tracks]
    deck_sizes: _containers.RepeatedScalarFieldContainer[int]
    improvements: _containers.RepeatedCompositeFieldContainer[CatanCkObservation.Tracks]
    bank: _containers.RepeatedScalarFieldContainer[int]
    ship: int
    barbarian_track: int
    attacks: int
    defenders: _containers.RepeatedScalarFieldContainer[int]
    vp_cards: _containers.RepeatedScalarFieldContainer[int]
    merchant_hex: int
    merchant_owner: int
    longest_road: int
    road_lengths: _containers.RepeatedScalarFieldContainer[int]
    vp: _containers.RepeatedScalarFieldContainer[int]
    vp_to_win: int
    pieces_left: _containers.RepeatedCompositeFieldContainer[CatanCkObservation.Pieces]
    rates: _containers.RepeatedScalarFieldContainer[int]
    offers_made: int
    offer_limit: int
    offer: CatanCkAction.Offer
    answers: _containers.RepeatedCompositeFieldContainer[CatanCkObservation.TradeAnswer]
    discard_owed: _containers.RepeatedScalarFieldContainer[int]
    shown: _containers.RepeatedScalarFieldContainer[int]
    frames: _containers.RepeatedCompositeFieldContainer[CatanCkObservation.Frame]
    fleet: _containers.RepeatedScalarFieldContainer[int]
    harbor_open: bool
    harbor_targets: _containers.RepeatedScalarFieldContainer[int]
    knight_chased: bool
    def __init__(self, seat: _Optional[int] = ..., decision: _Optional[str] = ..., phase: _Optional[str] = ..., step: _Optional[str] = ..., turn: _Optional[int] = ..., active: _Optional[int] = ..., dice: _Optional[_Iterable[int]] = ..., terrain: _Optional[_Iterable[int]] = ..., tokens: _Optional[_Iterable[int]] = ..., harbor_edges: _Optional[_Iterable[int]] = ..., harbor_types: _Optional[_Iterable[int]] = ..., robber: _Optional[int] = ..., robber_active: _Optional[bool] = ..., owner: _Optional[_Iterable[int]] = ..., level: _Optional[_Iterable[int]] = ..., walls: _Optional[_Iterable[int]] = ..., metropolis: _Optional[_Iterable[int]] = ..., road_owner: _Optional[_Iterable[int]] = ..., knight_owner: _Optional[_Iterable[int]] = ..., knight_level: _Optional[_Iterable[int]] = ..., knight_active: _Optional[_Iterable[int]] = ..., knight_activated: _Optional[_Iterable[int]] = ..., knight_promoted: _Optional[_Iterable[int]] = ..., knight_supply: _Optional[_Iterable[_Union[CatanCkObservation.Knights, _Mapping]]] = ..., hand: _Optional[_Iterable[int]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., progress: _Optional[_Iterable[int]] = ..., progress_counts: _Optional[_Iterable[_Union[CatanCkObservation.Tracks, _Mapping]]] = ..., deck_sizes: _Optional[_Iterable[int]] = ..., improvements: _Optional[_Iterable[_Union[CatanCkObservation.Tracks, _Mapping]]] = ..., bank: _Optional[_Iterable[int]] = ..., ship: _Optional[int] = ..., barbarian_track: _Optional[int] = ..., attacks: _Optional[int] = ..., defenders: _Optional[_Iterable[int]] = ..., vp_cards: _Optional[_Iterable[int]] = ..., merchant_hex: _Optional[int] = ..., merchant_owner: _Optional[int] = ..., longest_road: _Optional[int] = ..., road_lengths: _Optional[_Iterable[int]] = ..., vp: _Optional[_Iterable[int]] = ..., vp_to_win: _Optional[int] = ..., pieces_left: _Optional[_Iterable[_Union[CatanCkObservation.Pieces, _Mapping]]] = ..., rates: _Optional[_Iterable[int]] = ..., offers_made: _Optional[int] = ..., offer_limit: _Optional[int] = ..., offer: _Optional[_Union[CatanCkAction.Offer, _Mapping]] = ..., answers: _Optional[_Iterable[_Union[CatanCkObservation.TradeAnswer, _Mapping]]] = ..., discard_owed: _Optional[_Iterable[int]] = ..., shown: _Optional[_Iterable[int]] = ..., frames: _Optional[_Iterable[_Union[CatanCkObservation.Frame, _Mapping]]] = ..., fleet: _Optional[_Iterable[int]] = ..., harbor_open: _Optional[bool] = ..., harbor_targets: _Optional[_Iterable[int]] = ..., knight_chased: _Optional[bool] = ...) -> None: ...

class CatanCkEvent(_message.Message):
    __slots__ = ("settle", "road", "city", "starting_resources", "turn", "turn_cap", "dice", "barbarians", "produce", "aqueduct", "must_discard", "discard", "robber", "steal", "bank_trade", "offer", "answer", "answers", "withdraw", "trade", "longest_road", "victory", "wall", "knight", "activate", "promote", "move_knight", "displace", "relocate", "knight_lost", "chase", "improve", "metropolis", "draw", "vp_card", "drop_card", "play_card", "declare", "attack", "defender", "pillage", "tie_reward", "wedding", "wedding_gift", "road_removed", "deserter", "deserter_none", "diplomat", "harbor", "harbor_void", "harbor_exchange", "intrigue", "inventor", "irrigation", "mining", "master_merchant", "master_merchant_take", "merchant", "merchant_fleet", "resource_monopoly", "trade_monopoly", "saboteur", "spy", "spy_take", "warlord")
    class Cards(_message.Message):
        __slots__ = ("counts",)
        COUNTS_FIELD_NUMBER: _ClassVar[int]
        counts: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, counts: _Optional[_Iterable[int]] = ...) -> None: ...
    class Settle(_message.Message):
        __slots__ = ("seat", "corner")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ...) -> None: ...
    class Road(_message.Message):
        __slots__ = ("seat", "edge", "corners")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        EDGE_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        edge: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ...) -> None: ...
    class City(_message.Message):
        __slots__ = ("seat", "corner")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ...) -> None: ...
    class StartingResources(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class Turn(_message.Message):
        __slots__ = ("seat", "turn")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TURN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        turn: int
        def __init__(self, seat: _Optional[int] = ..., turn: _Optional[int] = ...) -> None: ...
    class TurnCap(_message.Message):
        __slots__ = ("turn",)
        TURN_FIELD_NUMBER: _ClassVar[int]
        turn: int
        def __init__(self, turn: _Optional[int] = ...) -> None: ...
    class Dice(_message.Message):
        __slots__ = ("seat", "red", "yellow", "sum", "event")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RED_FIELD_NUMBER: _ClassVar[int]
        YELLOW_FIELD_NUMBER: _ClassVar[int]
        SUM_FIELD_NUMBER: _ClassVar[int]
        EVENT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        red: int
        yellow: int
        sum: int
        event: int
        def __init__(self, seat: _Optional[int] = ..., red: _Optional[int] = ..., yellow: _Optional[int] = ..., sum: _Optional[int] = ..., event: _Optional[int] = ...) -> None: ...
    class Barbarians(_message.Message):
        __slots__ = ("ship", "track")
        SHIP_FIELD_NUMBER: _ClassVar[int]
        TRACK_FIELD_NUMBER: _ClassVar[int]
        ship: int
        track: int
        def __init__(self, ship: _Optional[int] = ..., track: _Optional[int] = ...) -> None: ...
    class Produce(_message.Message):
        __slots__ = ("paid", "shortage")
        class PaidEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: CatanCkEvent.Cards
            def __init__(self, key: _Optional[int] = ..., value: _Optional[_Union[CatanCkEvent.Cards, _Mapping]] = ...) -> None: ...
        PAID_FIELD_NUMBER: _ClassVar[int]
        SHORTAGE_FIELD_NUMBER: _ClassVar[int]
        paid: _containers.MessageMap[int, CatanCkEvent.Cards]
        shortage: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, paid: _Optional[_Mapping[int, CatanCkEvent.Cards]] = ..., shortage: _Optional[_Iterable[int]] = ...) -> None: ...
    class Aqueduct(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class MustDiscard(_message.Message):
        __slots__ = ("owed",)
        class OwedEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: int
            def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
        OWED_FIELD_NUMBER: _ClassVar[int]
        owed: _containers.ScalarMap[int, int]
        def __init__(self, owed: _Optional[_Mapping[int, int]] = ...) -> None: ...
    class Discard(_message.Message):
        __slots__ = ("seat", "count", "cause", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CAUSE_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cause: str
        cards: CatanCkEvent.Cards
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cause: _Optional[str] = ..., cards: _Optional[_Union[CatanCkEvent.Cards, _Mapping]] = ...) -> None: ...
    class Robber(_message.Message):
        __slots__ = ("seat", "hex", "victim", "victims", "card")
        class Seats(_message.Message):
            __slots__ = ("seats",)
            SEATS_FIELD_NUMBER: _ClassVar[int]
            seats: _containers.RepeatedScalarFieldContainer[int]
            def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HEX_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        VICTIMS_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hex: int
        victim: int
        victims: CatanCkEvent.Robber.Seats
        card: int
        def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ..., victim: _Optional[int] = ..., victims: _Optional[_Union[CatanCkEvent.Robber.Seats, _Mapping]] = ..., card: _Optional[int] = ...) -> None: ...
    class Steal(_message.Message):
        __slots__ = ("thief", "victim", "count", "card")
        THIEF_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        thief: int
        victim: int
        count: int
        card: int
        def __init__(self, thief: _Optional[int] = ..., victim: _Optional[int] = ..., count: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class BankTrade(_message.Message):
        __slots__ = ("seat", "give", "count", "get")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        seat: int
        give: int
        count: int
        get: int
        def __init__(self, seat: _Optional[int] = ..., give: _Optional[int] = ..., count: _Optional[int] = ..., get: _Optional[int] = ...) -> None: ...
    class Offer(_message.Message):
        __slots__ = ("seat", "give", "get", "to")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        seat: int
        give: _containers.RepeatedScalarFieldContainer[int]
        get: _containers.RepeatedScalarFieldContainer[int]
        to: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Iterable[int]] = ..., get: _Optional[_Iterable[int]] = ..., to: _Optional[_Iterable[int]] = ...) -> None: ...
    class Answer(_message.Message):
        __slots__ = ("seat", "answer")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ANSWER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        answer: CatanCkAction
        def __init__(self, seat: _Optional[int] = ..., answer: _Optional[_Union[CatanCkAction, _Mapping]] = ...) -> None: ...
    class Answers(_message.Message):
        __slots__ = ("answers",)
        class AnswersEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: int
            def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
        ANSWERS_FIELD_NUMBER: _ClassVar[int]
        answers: _containers.ScalarMap[int, int]
        def __init__(self, answers: _Optional[_Mapping[int, int]] = ...) -> None: ...
    class Withdraw(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Trade(_message.Message):
        __slots__ = ("seat", "partner", "gets", "gives")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PARTNER_FIELD_NUMBER: _ClassVar[int]
        GETS_FIELD_NUMBER: _ClassVar[int]
        GIVES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        partner: int
        gets: _containers.RepeatedScalarFieldContainer[int]
        gives: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., partner: _Optional[int] = ..., gets: _Optional[_Iterable[int]] = ..., gives: _Optional[_Iterable[int]] = ...) -> None: ...
    class LongestRoad(_message.Message):
        __slots__ = ("seat", "previous", "length")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PREVIOUS_FIELD_NUMBER: _ClassVar[int]
        LENGTH_FIELD_NUMBER: _ClassVar[int]
        seat: int
        previous: int
        length: int
        def __init__(self, seat: _Optional[int] = ..., previous: _Optional[int] = ..., length: _Optional[int] = ...) -> None: ...
    class Victory(_message.Message):
        __slots__ = ("seat", "points")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        points: int
        def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...
    class Wall(_message.Message):
        __slots__ = ("seat", "corner")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ...) -> None: ...
    class Knight(_message.Message):
        __slots__ = ("seat", "corner", "level", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        level: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ..., level: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class Activate(_message.Message):
        __slots__ = ("seat", "corner")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ...) -> None: ...
    class Promote(_message.Message):
        __slots__ = ("seat", "corner", "level", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        level: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ..., level: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class MoveKnight(_message.Message):
        __slots__ = ("seat", "src", "dst")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SRC_FIELD_NUMBER: _ClassVar[int]
        DST_FIELD_NUMBER: _ClassVar[int]
        seat: int
        src: int
        dst: int
        def __init__(self, seat: _Optional[int] = ..., src: _Optional[int] = ..., dst: _Optional[int] = ...) -> None: ...
    class Displace(_message.Message):
        __slots__ = ("seat", "src", "dst", "victim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SRC_FIELD_NUMBER: _ClassVar[int]
        DST_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        src: int
        dst: int
        victim: int
        def __init__(self, seat: _Optional[int] = ..., src: _Optional[int] = ..., dst: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class Relocate(_message.Message):
        __slots__ = ("seat", "src", "dst")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SRC_FIELD_NUMBER: _ClassVar[int]
        DST_FIELD_NUMBER: _ClassVar[int]
        seat: int
        src: int
        dst: int
        def __init__(self, seat: _Optional[int] = ..., src: _Optional[int] = ..., dst: _Optional[int] = ...) -> None: ...
    class KnightLost(_message.Message):
        __slots__ = ("seat", "corner", "level", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        level: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ..., level: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class Chase(_message.Message):
        __slots__ = ("seat", "corner")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ...) -> None: ...
    class Improve(_message.Message):
        __slots__ = ("seat", "track", "level", "paid")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TRACK_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        seat: int
        track: int
        level: int
        paid: int
        def __init__(self, seat: _Optional[int] = ..., track: _Optional[int] = ..., level: _Optional[int] = ..., paid: _Optional[int] = ...) -> None: ...
    class Metropolis(_message.Message):
        __slots__ = ("seat", "track", "corner", "previous")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TRACK_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        PREVIOUS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        track: int
        corner: int
        previous: int
        def __init__(self, seat: _Optional[int] = ..., track: _Optional[int] = ..., corner: _Optional[int] = ..., previous: _Optional[int] = ...) -> None: ...
    class Draw(_message.Message):
        __slots__ = ("seat", "deck", "left", "empty", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        LEFT_FIELD_NUMBER: _ClassVar[int]
        EMPTY_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        deck: int
        left: int
        empty: bool
        card: int
        def __init__(self, seat: _Optional[int] = ..., deck: _Optional[int] = ..., left: _Optional[int] = ..., empty: _Optional[bool] = ..., card: _Optional[int] = ...) -> None: ...
    class VpCard(_message.Message):
        __slots__ = ("seat", "card", "deck")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: int
        deck: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ..., deck: _Optional[int] = ...) -> None: ...
    class DropCard(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class PlayCard(_message.Message):
        __slots__ = ("seat", "card", "play")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        PLAY_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: int
        play: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ..., play: _Optional[str] = ...) -> None: ...
    class Declare(_message.Message):
        __slots__ = ("seat", "knights")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        KNIGHTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        knights: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., knights: _Optional[_Iterable[int]] = ...) -> None: ...
    class Attack(_message.Message):
        __slots__ = ("barbarians", "knights", "strength", "first", "outcome")
        BARBARIANS_FIELD_NUMBER: _ClassVar[int]
        KNIGHTS_FIELD_NUMBER: _ClassVar[int]
        STRENGTH_FIELD_NUMBER: _ClassVar[int]
        FIRST_FIELD_NUMBER: _ClassVar[int]
        OUTCOME_FIELD_NUMBER: _ClassVar[int]
        barbarians: int
        knights: int
        strength: _containers.RepeatedScalarFieldContainer[int]
        first: bool
        outcome: int
        def __init__(self, barbarians: _Optional[int] = ..., knights: _Optional[int] = ..., strength: _Optional[_Iterable[int]] = ..., first: _Optional[bool] = ..., outcome: _Optional[int] = ...) -> None: ...
    class Defender(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[int] = ...) -> None: ...
    class Pillage(_message.Message):
        __slots__ = ("seat", "corner", "wall")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        WALL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        wall: bool
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ..., wall: _Optional[bool] = ...) -> None: ...
    class TieReward(_message.Message):
        __slots__ = ("seats", "drawn")
        SEATS_FIELD_NUMBER: _ClassVar[int]
        DRAWN_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        drawn: bool
        def __init__(self, seats: _Optional[_Iterable[int]] = ..., drawn: _Optional[bool] = ...) -> None: ...
    class Wedding(_message.Message):
        __slots__ = ("seat", "givers")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        givers: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., givers: _Optional[_Iterable[int]] = ...) -> None: ...
    class WeddingGift(_message.Message):
        __slots__ = ("seat", "to", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        to: int
        count: int
        cards: CatanCkEvent.Cards
        def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Union[CatanCkEvent.Cards, _Mapping]] = ...) -> None: ...
    class RoadRemoved(_message.Message):
        __slots__ = ("seat", "edge", "corners")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        EDGE_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        edge: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ...) -> None: ...
    class Deserter(_message.Message):
        __slots__ = ("seat", "victim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class DeserterNone(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Diplomat(_message.Message):
        __slots__ = ("seat", "owner", "corners")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        owner: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., owner: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ...) -> None: ...
    class Harbor(_message.Message):
        __slots__ = ("seat", "partner", "offered")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PARTNER_FIELD_NUMBER: _ClassVar[int]
        OFFERED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        partner: int
        offered: int
        def __init__(self, seat: _Optional[int] = ..., partner: _Optional[int] = ..., offered: _Optional[int] = ...) -> None: ...
    class HarborVoid(_message.Message):
        __slots__ = ("seat", "partner", "offered")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PARTNER_FIELD_NUMBER: _ClassVar[int]
        OFFERED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        partner: int
        offered: int
        def __init__(self, seat: _Optional[int] = ..., partner: _Optional[int] = ..., offered: _Optional[int] = ...) -> None: ...
    class HarborExchange(_message.Message):
        __slots__ = ("seat", "partner", "gave", "got")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PARTNER_FIELD_NUMBER: _ClassVar[int]
        GAVE_FIELD_NUMBER: _ClassVar[int]
        GOT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        partner: int
        gave: int
        got: int
        def __init__(self, seat: _Optional[int] = ..., partner: _Optional[int] = ..., gave: _Optional[int] = ..., got: _Optional[int] = ...) -> None: ...
    class Intrigue(_message.Message):
        __slots__ = ("seat", "corner", "victim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        victim: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class Inventor(_message.Message):
        __slots__ = ("seat", "hexes", "tokens")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HEXES_FIELD_NUMBER: _ClassVar[int]
        TOKENS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hexes: _containers.RepeatedScalarFieldContainer[int]
        tokens: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., hexes: _Optional[_Iterable[int]] = ..., tokens: _Optional[_Iterable[int]] = ...) -> None: ...
    class Irrigation(_message.Message):
        __slots__ = ("seat", "hexes", "card", "count", "owed")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HEXES_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        OWED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hexes: _containers.RepeatedScalarFieldContainer[int]
        card: int
        count: int
        owed: int
        def __init__(self, seat: _Optional[int] = ..., hexes: _Optional[_Iterable[int]] = ..., card: _Optional[int] = ..., count: _Optional[int] = ..., owed: _Optional[int] = ...) -> None: ...
    class Mining(_message.Message):
        __slots__ = ("seat", "hexes", "card", "count", "owed")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HEXES_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        OWED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hexes: _containers.RepeatedScalarFieldContainer[int]
        card: int
        count: int
        owed: int
        def __init__(self, seat: _Optional[int] = ..., hexes: _Optional[_Iterable[int]] = ..., card: _Optional[int] = ..., count: _Optional[int] = ..., owed: _Optional[int] = ...) -> None: ...
    class MasterMerchant(_message.Message):
        __slots__ = ("seat", "victim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class MasterMerchantTake(_message.Message):
        __slots__ = ("seat", "victim", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        count: int
        cards: CatanCkEvent.Cards
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Union[CatanCkEvent.Cards, _Mapping]] = ...) -> None: ...
    class Merchant(_message.Message):
        __slots__ = ("seat", "hex", "previous")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HEX_FIELD_NUMBER: _ClassVar[int]
        PREVIOUS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hex: int
        previous: int
        def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ..., previous: _Optional[int] = ...) -> None: ...
    class MerchantFleet(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class ResourceMonopoly(_message.Message):
        __slots__ = ("seat", "card", "given")
        class GivenEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: int
            def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        GIVEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: int
        given: _containers.ScalarMap[int, int]
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ..., given: _Optional[_Mapping[int, int]] = ...) -> None: ...
    class TradeMonopoly(_message.Message):
        __slots__ = ("seat", "card", "given")
        class GivenEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: int
            def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        GIVEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: int
        given: _containers.ScalarMap[int, int]
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ..., given: _Optional[_Mapping[int, int]] = ...) -> None: ...
    class Saboteur(_message.Message):
        __slots__ = ("seat", "owed")
        class OwedEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: int
            def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
        SEAT_FIELD_NUMBER: _ClassVar[int]
        OWED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        owed: _containers.ScalarMap[int, int]
        def __init__(self, seat: _Optional[int] = ..., owed: _Optional[_Mapping[int, int]] = ...) -> None: ...
    class Spy(_message.Message):
        __slots__ = ("seat", "victim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class SpyTake(_message.Message):
        __slots__ = ("seat", "victim", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class Warlord(_message.Message):
        __slots__ = ("seat", "corners")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ...) -> None: ...
    SETTLE_FIELD_NUMBER: _ClassVar[int]
    ROAD_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    STARTING_RESOURCES_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    TURN_CAP_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    BARBARIANS_FIELD_NUMBER: _ClassVar[int]
    PRODUCE_FIELD_NUMBER: _ClassVar[int]
    AQUEDUCT_FIELD_NUMBER: _ClassVar[int]
    MUST_DISCARD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    ROBBER_FIELD_NUMBER: _ClassVar[int]
    STEAL_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROAD_FIELD_NUMBER: _ClassVar[int]
    VICTORY_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_FIELD_NUMBER: _ClassVar[int]
    PROMOTE_FIELD_NUMBER: _ClassVar[int]
    MOVE_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    DISPLACE_FIELD_NUMBER: _ClassVar[int]
    RELOCATE_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_LOST_FIELD_NUMBER: _ClassVar[int]
    CHASE_FIELD_NUMBER: _ClassVar[int]
    IMPROVE_FIELD_NUMBER: _ClassVar[int]
    METROPOLIS_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    VP_CARD_FIELD_NUMBER: _ClassVar[int]
    DROP_CARD_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    DECLARE_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    PILLAGE_FIELD_NUMBER: _ClassVar[int]
    TIE_REWARD_FIELD_NUMBER: _ClassVar[int]
    WEDDING_FIELD_NUMBER: _ClassVar[int]
    WEDDING_GIFT_FIELD_NUMBER: _ClassVar[int]
    ROAD_REMOVED_FIELD_NUMBER: _ClassVar[int]
    DESERTER_FIELD_NUMBER: _ClassVar[int]
    DESERTER_NONE_FIELD_NUMBER: _ClassVar[int]
    DIPLOMAT_FIELD_NUMBER: _ClassVar[int]
    HARBOR_FIELD_NUMBER: _ClassVar[int]
    HARBOR_VOID_FIELD_NUMBER: _ClassVar[int]
    HARBOR_EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    INTRIGUE_FIELD_NUMBER: _ClassVar[int]
    INVENTOR_FIELD_NUMBER: _ClassVar[int]
    IRRIGATION_FIELD_NUMBER: _ClassVar[int]
    MINING_FIELD_NUMBER: _ClassVar[int]
    MASTER_MERCHANT_FIELD_NUMBER: _ClassVar[int]
    MASTER_MERCHANT_TAKE_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_FLEET_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    TRADE_MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    SABOTEUR_FIELD_NUMBER: _ClassVar[int]
    SPY_FIELD_NUMBER: _ClassVar[int]
    SPY_TAKE_FIELD_NUMBER: _ClassVar[int]
    WARLORD_FIELD_NUMBER: _ClassVar[int]
    settle: CatanCkEvent.Settle
    road: CatanCkEvent.Road
    city: CatanCkEvent.City
    starting_resources: CatanCkEvent.StartingResources
    turn: CatanCkEvent.Turn
    turn_cap: CatanCkEvent.TurnCap
    dice: CatanCkEvent.Dice
    barbarians: CatanCkEvent.Barbarians
    produce: CatanCkEvent.Produce
    aqueduct: CatanCkEvent.Aqueduct
    must_discard: CatanCkEvent.MustDiscard
    discard: CatanCkEvent.Discard
    robber: CatanCkEvent.Robber
    steal: CatanCkEvent.Steal
    bank_trade: CatanCkEvent.BankTrade
    offer: CatanCkEvent.Offer
    answer: CatanCkEvent.Answer
    answers: CatanCkEvent.Answers
    withdraw: CatanCkEvent.Withdraw
    trade: CatanCkEvent.Trade
    longest_road: CatanCkEvent.LongestRoad
    victory: CatanCkEvent.Victory
    wall: CatanCkEvent.Wall
    knight: CatanCkEvent.Knight
    activate: CatanCkEvent.Activate
    promote: CatanCkEvent.Promote
    move_knight: CatanCkEvent.MoveKnight
    displace: CatanCkEvent.Displace
    relocate: CatanCkEvent.Relocate
    knight_lost: CatanCkEvent.KnightLost
    chase: CatanCkEvent.Chase
    improve: CatanCkEvent.Improve
    metropolis: CatanCkEvent.Metropolis
    draw: CatanCkEvent.Draw
    vp_card: CatanCkEvent.VpCard
    drop_card: CatanCkEvent.DropCard
    play_card: CatanCkEvent.PlayCard
    declare: CatanCkEvent.Declare
    attack: CatanCkEvent.Attack
    defender: CatanCkEvent.Defender
    pillage: CatanCkEvent.Pillage
    tie_reward: CatanCkEvent.TieReward
    wedding: CatanCkEvent.Wedding
    wedding_gift: CatanCkEvent.WeddingGift
    road_removed: CatanCkEvent.RoadRemoved
    deserter: CatanCkEvent.Deserter
    deserter_none: CatanCkEvent.DeserterNone
    diplomat: CatanCkEvent.Diplomat
    harbor: CatanCkEvent.Harbor
    harbor_void: CatanCkEvent.HarborVoid
    harbor_exchange: CatanCkEvent.HarborExchange
    intrigue: CatanCkEvent.Intrigue
    inventor: CatanCkEvent.Inventor
    irrigation: CatanCkEvent.Irrigation
    mining: CatanCkEvent.Mining
    master_merchant: CatanCkEvent.MasterMerchant
    master_merchant_take: CatanCkEvent.MasterMerchantTake
    merchant: CatanCkEvent.Merchant
    merchant_fleet: CatanCkEvent.MerchantFleet
    resource_monopoly: CatanCkEvent.ResourceMonopoly
    trade_monopoly: CatanCkEvent.TradeMonopoly
    saboteur: CatanCkEvent.Saboteur
    spy: CatanCkEvent.Spy
    spy_take: CatanCkEvent.SpyTake
    warlord: CatanCkEvent.Warlord
    def __init__(self, settle: _Optional[_Union[CatanCkEvent.Settle, _Mapping]] = ..., road: _Optional[_Union[CatanCkEvent.Road, _Mapping]] = ..., city: _Optional[_Union[CatanCkEvent.City, _Mapping]] = ..., starting_resources: _Optional[_Union[CatanCkEvent.StartingResources, _Mapping]] = ..., turn: _Optional[_Union[CatanCkEvent.Turn, _Mapping]] = ..., turn_cap: _Optional[_Union[CatanCkEvent.TurnCap, _Mapping]] = ..., dice: _Optional[_Union[CatanCkEvent.Dice, _Mapping]] = ..., barbarians: _Optional[_Union[CatanCkEvent.Barbarians, _Mapping]] = ..., produce: _Optional[_Union[CatanCkEvent.Produce, _Mapping]] = ..., aqueduct: _Optional[_Union[CatanCkEvent.Aqueduct, _Mapping]] = ..., must_discard: _Optional[_Union[CatanCkEvent.MustDiscard, _Mapping]] = ..., discard: _Optional[_Union[CatanCkEvent.Discard, _Mapping]] = ..., robber: _Optional[_Union[CatanCkEvent.Robber, _Mapping]] = ..., steal: _Optional[_Union[CatanCkEvent.Steal, _Mapping]] = ..., bank_trade: _Optional[_Union[CatanCkEvent.BankTrade, _Mapping]] = ..., offer: _Optional[_Union[CatanCkEvent.Offer, _Mapping]] = ..., answer: _Optional[_Union[CatanCkEvent.Answer, _Mapping]] = ..., answers: _Optional[_Union[CatanCkEvent.Answers, _Mapping]] = ..., withdraw: _Optional[_Union[CatanCkEvent.Withdraw, _Mapping]] = ..., trade: _Optional[_Union[CatanCkEvent.Trade, _Mapping]] = ..., longest_road: _Optional[_Union[CatanCkEvent.LongestRoad, _Mapping]] = ..., victory: _Optional[_Union[CatanCkEvent.Victory, _Mapping]] = ..., wall: _Optional[_Union[CatanCkEvent.Wall, _Mapping]] = ..., knight: _Optional[_Union[CatanCkEvent.Knight, _Mapping]] = ..., activate: _Optional[_Union[CatanCkEvent.Activate, _Mapping]] = ..., promote: _Optional[_Union[CatanCkEvent.Promote, _Mapping]] = ..., move_knight: _Optional[_Union[CatanCkEvent.MoveKnight, _Mapping]] = ..., displace: _Optional[_Union[CatanCkEvent.Displace, _Mapping]] = ..., relocate: _Optional[_Union[CatanCkEvent.Relocate, _Mapping]] = ..., knight_lost: _Optional[_Union[CatanCkEvent.KnightLost, _Mapping]] = ..., chase: _Optional[_Union[CatanCkEvent.Chase, _Mapping]] = ..., improve: _Optional[_Union[CatanCkEvent.Improve, _Mapping]] = ..., metropolis: _Optional[_Union[CatanCkEvent.Metropolis, _Mapping]] = ..., draw: _Optional[_Union[CatanCkEvent.Draw, _Mapping]] = ..., vp_card: _Optional[_Union[CatanCkEvent.VpCard, _Mapping]] = ..., drop_card: _Optional[_Union[CatanCkEvent.DropCard, _Mapping]] = ..., play_card: _Optional[_Union[CatanCkEvent.PlayCard, _Mapping]] = ..., declare: _Optional[_Union[CatanCkEvent.Declare, _Mapping]] = ..., attack: _Optional[_Union[CatanCkEvent.Attack, _Mapping]] = ..., defender: _Optional[_Union[CatanCkEvent.Defender, _Mapping]] = ..., pillage: _Optional[_Union[CatanCkEvent.Pillage, _Mapping]] = ..., tie_reward: _Optional[_Union[CatanCkEvent.TieReward, _Mapping]] = ..., wedding: _Optional[_Union[CatanCkEvent.Wedding, _Mapping]] = ..., wedding_gift: _Optional[_Union[CatanCkEvent.WeddingGift, _Mapping]] = ..., road_removed: _Optional[_Union[CatanCkEvent.RoadRemoved, _Mapping]] = ..., deserter: _Optional[_Union[CatanCkEvent.Deserter, _Mapping]] = ..., deserter_none: _Optional[_Union[CatanCkEvent.DeserterNone, _Mapping]] = ..., diplomat: _Optional[_Union[CatanCkEvent.Diplomat, _Mapping]] = ..., harbor: _Optional[_Union[CatanCkEvent.Harbor, _Mapping]] = ..., harbor_void: _Optional[_Union[CatanCkEvent.HarborVoid, _Mapping]] = ..., harbor_exchange: _Optional[_Union[CatanCkEvent.HarborExchange, _Mapping]] = ..., intrigue: _Optional[_Union[CatanCkEvent.Intrigue, _Mapping]] = ..., inventor: _Optional[_Union[CatanCkEvent.Inventor, _Mapping]] = ..., irrigation: _Optional[_Union[CatanCkEvent.Irrigation, _Mapping]] = ..., mining: _Optional[_Union[CatanCkEvent.Mining, _Mapping]] = ..., master_merchant: _Optional[_Union[CatanCkEvent.MasterMerchant, _Mapping]] = ..., master_merchant_take: _Optional[_Union[CatanCkEvent.MasterMerchantTake, _Mapping]] = ..., merchant: _Optional[_Union[CatanCkEvent.Merchant, _Mapping]] = ..., merchant_fleet: _Optional[_Union[CatanCkEvent.MerchantFleet, _Mapping]] = ..., resource_monopoly: _Optional[_Union[CatanCkEvent.ResourceMonopoly, _Mapping]] = ..., trade_monopoly: _Optional[_Union[CatanCkEvent.TradeMonopoly, _Mapping]] = ..., saboteur: _Optional[_Union[CatanCkEvent.Saboteur, _Mapping]] = ..., spy: _Optional[_Union[CatanCkEvent.Spy, _Mapping]] = ..., spy_take: _Optional[_Union[CatanCkEvent.SpyTake, _Mapping]] = ..., warlord: _Optional[_Union[CatanCkEvent.Warlord, _Mapping]] = ...) -> None: ...

class CatanCkTables(_message.Message):
    __slots__ = ("board", "kinds", "supply", "costs", "tracks", "ability_level", "metropolis_level", "city_yield", "knight_strength", "knights_per_level", "walls", "wall_bonus", "discard_limit", "progress_limit", "barbarian_track", "event_faces", "cards", "metropolis_vp", "vp_to_win")
    class Cost(_message.Message):
        __slots__ = ("name", "cards")
        NAME_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        name: str
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, name: _Optional[str] = ..., cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class Track(_message.Message):
        __slots__ = ("id", "name", "commodity", "level_costs", "ability")
        ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        COMMODITY_FIELD_NUMBER: _ClassVar[int]
        LEVEL_COSTS_FIELD_NUMBER: _ClassVar[int]
        ABILITY_FIELD_NUMBER: _ClassVar[int]
        id: int
        name: str
        commodity: int
        level_costs: _containers.RepeatedScalarFieldContainer[int]
        ability: str
        def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., commodity: _Optional[int] = ..., level_costs: _Optional[_Iterable[int]] = ..., ability: _Optional[str] = ...) -> None: ...
    class CityYield(_message.Message):
        __slots__ = ("terrain", "cards")
        TERRAIN_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        terrain: int
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, terrain: _Optional[int] = ..., cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class Card(_message.Message):
        __slots__ = ("id", "name", "deck", "copies", "vp", "args")
        ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        COPIES_FIELD_NUMBER: _ClassVar[int]
        VP_FIELD_NUMBER: _ClassVar[int]
        ARGS_FIELD_NUMBER: _ClassVar[int]
        id: int
        name: str
        deck: int
        copies: int
        vp: bool
        args: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., deck: _Optional[int] = ..., copies: _Optional[int] = ..., vp: _Optional[bool] = ..., args: _Optional[_Iterable[str]] = ...) -> None: ...
    BOARD_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    COSTS_FIELD_NUMBER: _ClassVar[int]
    TRACKS_FIELD_NUMBER: _ClassVar[int]
    ABILITY_LEVEL_FIELD_NUMBER: _ClassVar[int]
    METROPOLIS_LEVEL_FIELD_NUMBER: _ClassVar[int]
    CITY_YIELD_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_STRENGTH_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_PER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    WALLS_FIELD_NUMBER: _ClassVar[int]
    WALL_BONUS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_LIMIT_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_LIMIT_FIELD_NUMBER: _ClassVar[int]
    BARBARIAN_TRACK_FIELD_NUMBER: _ClassVar[int]
    EVENT_FACES_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    METROPOLIS_VP_FIELD_NUMBER: _ClassVar[int]
    VP_TO_WIN_FIELD_NUMBER: _ClassVar[int]
    board: _catan_pb2.CatanBoard
    kinds: _containers.RepeatedScalarFieldContainer[str]
    supply: _containers.RepeatedScalarFieldContainer[int]
    costs: _containers.RepeatedCompositeFieldContainer[CatanCkTables.Cost]
    tracks: _containers.RepeatedCompositeFieldContainer[CatanCkTables.Track]
    ability_level: int
    metropolis_level: int
    city_yield: _containers.RepeatedCompositeFieldContainer[CatanCkTables.CityYield]
    knight_strength: _containers.RepeatedScalarFieldContainer[int]
    knights_per_level: int
    walls: int
    wall_bonus: int
    discard_limit: int
    progress_limit: int
    barbarian_track: int
    event_faces: _containers.RepeatedScalarFieldContainer[str]
    cards: _containers.RepeatedCompositeFieldContainer[CatanCkTables.Card]
    metropolis_vp: int
    vp_to_win: int
    def __init__(self, board: _Optional[_Union[_catan_pb2.CatanBoard, _Mapping]] = ..., kinds: _Optional[_Iterable[str]] = ..., supply: _Optional[_Iterable[int]] = ..., costs: _Optional[_Iterable[_Union[CatanCkTables.Cost, _Mapping]]] = ..., tracks: _Optional[_Iterable[_Union[CatanCkTables.Track, _Mapping]]] = ..., ability_level: _Optional[int] = ..., metropolis_level: _Optional[int] = ..., city_yield: _Optional[_Iterable[_Union[CatanCkTables.CityYield, _Mapping]]] = ..., knight_strength: _Optional[_Iterable[int]] = ..., knights_per_level: _Optional[int] = ..., walls: _Optional[int] = ..., wall_bonus: _Optional[int] = ..., discard_limit: _Optional[int] = ..., progress_limit: _Optional[int] = ..., barbarian_track: _Optional[int] = ..., event_faces: _Optional[_Iterable[str]] = ..., cards: _Optional[_Iterable[_Union[CatanCkTables.Card, _Mapping]]] = ..., metropolis_vp: _Optional[int] = ..., vp_to_win: _Optional[int] = ...) -> None: ...
