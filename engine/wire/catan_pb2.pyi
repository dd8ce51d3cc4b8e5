from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CatanAction(_message.Message):
    __slots__ = ("settle", "road", "city", "buy_dev", "roll", "end", "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly", "move_robber", "bank_trade", "discard", "offer", "accept", "reject", "counter", "confirm", "withdraw", "decline", "use_candamir", "choose_dev", "use_hilde", "take_card", "use_jean", "use_lin", "use_louis", "use_marianne", "use_nassir", "give_card", "use_sean", "use_vincent", "use_william", "keep_helper", "exchange_helper", "ship", "move_ship", "move_pirate", "choose_gold", "buy_dev_tokens")
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
    class BuyDev(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Roll(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class End(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PlayKnight(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PlayRoadBuilding(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PlayYearOfPlenty(_message.Message):
        __slots__ = ("first", "second")
        FIRST_FIELD_NUMBER: _ClassVar[int]
        SECOND_FIELD_NUMBER: _ClassVar[int]
        first: int
        second: int
        def __init__(self, first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...
    class PlayMonopoly(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: int
        def __init__(self, resource: _Optional[int] = ...) -> None: ...
    class MoveRobber(_message.Message):
        __slots__ = ("hex", "victim")
        HEX_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        hex: int
        victim: int
        def __init__(self, hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class BankTrade(_message.Message):
        __slots__ = ("give", "count", "get")
        GIVE_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        give: int
        count: int
        get: int
        def __init__(self, give: _Optional[int] = ..., count: _Optional[int] = ..., get: _Optional[int] = ...) -> None: ...
    class Discard(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
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
    class Decline(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class UseCandamir(_message.Message):
        __slots__ = ("replaced", "paid")
        REPLACED_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        replaced: int
        paid: int
        def __init__(self, replaced: _Optional[int] = ..., paid: _Optional[int] = ...) -> None: ...
    class ChooseDev(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: int
        def __init__(self, card: _Optional[int] = ...) -> None: ...
    class UseHilde(_message.Message):
        __slots__ = ("victim",)
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        victim: int
        def __init__(self, victim: _Optional[int] = ...) -> None: ...
    class TakeCard(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: int
        def __init__(self, resource: _Optional[int] = ...) -> None: ...
    class UseJean(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: int
        def __init__(self, resource: _Optional[int] = ...) -> None: ...
    class UseLin(_message.Message):
        __slots__ = ("hex",)
        HEX_FIELD_NUMBER: _ClassVar[int]
        hex: int
        def __init__(self, hex: _Optional[int] = ...) -> None: ...
    class UseLouis(_message.Message):
        __slots__ = ("a", "b")
        A_FIELD_NUMBER: _ClassVar[int]
        B_FIELD_NUMBER: _ClassVar[int]
        a: int
        b: int
        def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...
    class UseMarianne(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: int
        def __init__(self, resource: _Optional[int] = ...) -> None: ...
    class UseNassir(_message.Message):
        __slots__ = ("resource", "first", "second")
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        FIRST_FIELD_NUMBER: _ClassVar[int]
        SECOND_FIELD_NUMBER: _ClassVar[int]
        resource: int
        first: int
        second: int
        def __init__(self, resource: _Optional[int] = ..., first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...
    class GiveCard(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: int
        def __init__(self, resource: _Optional[int] = ...) -> None: ...
    class UseSean(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: int
        def __init__(self, resource: _Optional[int] = ...) -> None: ...
    class UseVincent(_message.Message):
        __slots__ = ("corner", "level")
        CORNER_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        corner: int
        level: int
        def __init__(self, corner: _Optional[int] = ..., level: _Optional[int] = ...) -> None: ...
    class UseWilliam(_message.Message):
        __slots__ = ("replaced", "paid")
        REPLACED_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        replaced: int
        paid: int
        def __init__(self, replaced: _Optional[int] = ..., paid: _Optional[int] = ...) -> None: ...
    class KeepHelper(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ExchangeHelper(_message.Message):
        __slots__ = ("helper",)
        HELPER_FIELD_NUMBER: _ClassVar[int]
        helper: int
        def __init__(self, helper: _Optional[int] = ...) -> None: ...
    class BuyDevTokens(_message.Message):
        __slots__ = ("replaced",)
        REPLACED_FIELD_NUMBER: _ClassVar[int]
        replaced: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, replaced: _Optional[_Iterable[int]] = ...) -> None: ...
    class Ship(_message.Message):
        __slots__ = ("a", "b")
        A_FIELD_NUMBER: _ClassVar[int]
        B_FIELD_NUMBER: _ClassVar[int]
        a: int
        b: int
        def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...
    class MoveShip(_message.Message):
        __slots__ = ("a", "b")
        A_FIELD_NUMBER: _ClassVar[int]
        B_FIELD_NUMBER: _ClassVar[int]
        a: int
        b: int
        def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...
    class MovePirate(_message.Message):
        __slots__ = ("hex", "victim")
        HEX_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        hex: int
        victim: int
        def __init__(self, hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class ChooseGold(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: int
        def __init__(self, resource: _Optional[int] = ...) -> None: ...
    SETTLE_FIELD_NUMBER: _ClassVar[int]
    ROAD_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    BUY_DEV_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    PLAY_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    PLAY_ROAD_BUILDING_FIELD_NUMBER: _ClassVar[int]
    PLAY_YEAR_OF_PLENTY_FIELD_NUMBER: _ClassVar[int]
    PLAY_MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    MOVE_ROBBER_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    REJECT_FIELD_NUMBER: _ClassVar[int]
    COUNTER_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
    DECLINE_FIELD_NUMBER: _ClassVar[int]
    USE_CANDAMIR_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_DEV_FIELD_NUMBER: _ClassVar[int]
    USE_HILDE_FIELD_NUMBER: _ClassVar[int]
    TAKE_CARD_FIELD_NUMBER: _ClassVar[int]
    USE_JEAN_FIELD_NUMBER: _ClassVar[int]
    USE_LIN_FIELD_NUMBER: _ClassVar[int]
    USE_LOUIS_FIELD_NUMBER: _ClassVar[int]
    USE_MARIANNE_FIELD_NUMBER: _ClassVar[int]
    USE_NASSIR_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARD_FIELD_NUMBER: _ClassVar[int]
    USE_SEAN_FIELD_NUMBER: _ClassVar[int]
    USE_VINCENT_FIELD_NUMBER: _ClassVar[int]
    USE_WILLIAM_FIELD_NUMBER: _ClassVar[int]
    KEEP_HELPER_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_HELPER_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    MOVE_SHIP_FIELD_NUMBER: _ClassVar[int]
    MOVE_PIRATE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_GOLD_FIELD_NUMBER: _ClassVar[int]
    BUY_DEV_TOKENS_FIELD_NUMBER: _ClassVar[int]
    settle: CatanAction.Settle
    road: CatanAction.Road
    city: CatanAction.City
    buy_dev: CatanAction.BuyDev
    roll: CatanAction.Roll
    end: CatanAction.End
    play_knight: CatanAction.PlayKnight
    play_road_building: CatanAction.PlayRoadBuilding
    play_year_of_plenty: CatanAction.PlayYearOfPlenty
    play_monopoly: CatanAction.PlayMonopoly
    move_robber: CatanAction.MoveRobber
    bank_trade: CatanAction.BankTrade
    discard: CatanAction.Discard
    offer: CatanAction.Offer
    accept: CatanAction.Accept
    reject: CatanAction.Reject
    counter: CatanAction.Counter
    confirm: CatanAction.Confirm
    withdraw: CatanAction.Withdraw
    decline: CatanAction.Decline
    use_candamir: CatanAction.UseCandamir
    choose_dev: CatanAction.ChooseDev
    use_hilde: CatanAction.UseHilde
    take_card: CatanAction.TakeCard
    use_jean: CatanAction.UseJean
    use_lin: CatanAction.UseLin
    use_louis: CatanAction.UseLouis
    use_marianne: CatanAction.UseMarianne
    use_nassir: CatanAction.UseNassir
    give_card: CatanAction.GiveCard
    use_sean: CatanAction.UseSean
    use_vincent: CatanAction.UseVincent
    use_william: CatanAction.UseWilliam
    keep_helper: CatanAction.KeepHelper
    exchange_helper: CatanAction.ExchangeHelper
    ship: CatanAction.Ship
    move_ship: CatanAction.MoveShip
    move_pirate: CatanAction.MovePirate
    choose_gold: CatanAction.ChooseGold
    buy_dev_tokens: CatanAction.BuyDevTokens
    def __init__(self, settle: _Optional[_Union[CatanAction.Settle, _Mapping]] = ..., road: _Optional[_Union[CatanAction.Road, _Mapping]] = ..., city: _Optional[_Union[CatanAction.City, _Mapping]] = ..., buy_dev: _Optional[_Union[CatanAction.BuyDev, _Mapping]] = ..., roll: _Optional[_Union[CatanAction.Roll, _Mapping]] = ..., end: _Optional[_Union[CatanAction.End, _Mapping]] = ..., play_knight: _Optional[_Union[CatanAction.PlayKnight, _Mapping]] = ..., play_road_building: _Optional[_Union[CatanAction.PlayRoadBuilding, _Mapping]] = ..., play_year_of_plenty: _Optional[_Union[CatanAction.PlayYearOfPlenty, _Mapping]] = ..., play_monopoly: _Optional[_Union[CatanAction.PlayMonopoly, _Mapping]] = ..., move_robber: _Optional[_Union[CatanAction.MoveRobber, _Mapping]] = ..., bank_trade: _Optional[_Union[CatanAction.BankTrade, _Mapping]] = ..., discard: _Optional[_Union[CatanAction.Discard, _Mapping]] = ..., offer: _Optional[_Union[CatanAction.Offer, _Mapping]] = ..., accept: _Optional[_Union[CatanAction.Accept, _Mapping]] = ..., reject: _Optional[_Union[CatanAction.Reject, _Mapping]] = ..., counter: _Optional[_Union[CatanAction.Counter, _Mapping]] = ..., confirm: _Optional[_Union[CatanAction.Confirm, _Mapping]] = ..., withdraw: _Optional[_Union[CatanAction.Withdraw, _Mapping]] = ..., decline: _Optional[_Union[CatanAction.Decline, _Mapping]] = ..., use_candamir: _Optional[_Union[CatanAction.UseCandamir, _Mapping]] = ..., choose_dev: _Optional[_Union[CatanAction.ChooseDev, _Mapping]] = ..., use_hilde: _Optional[_Union[CatanAction.UseHilde, _Mapping]] = ..., take_card: _Optional[_Union[CatanAction.TakeCard, _Mapping]] = ..., use_jean: _Optional[_Union[CatanAction.UseJean, _Mapping]] = ..., use_lin: _Optional[_Union[CatanAction.UseLin, _Mapping]] = ..., use_louis: _Optional[_Union[CatanAction.UseLouis, _Mapping]] = ..., use_marianne: _Optional[_Union[CatanAction.UseMarianne, _Mapping]] = ..., use_nassir: _Optional[_Union[CatanAction.UseNassir, _Mapping]] = ..., give_card: _Optional[_Union[CatanAction.GiveCard, _Mapping]] = ..., use_sean: _Optional[_Union[CatanAction.UseSean, _Mapping]] = ..., use_vincent: _Optional[_Union[CatanAction.UseVincent, _Mapping]] = ..., use_william: _Optional[_Union[CatanAction.UseWilliam, _Mapping]] = ..., keep_helper: _Optional[_Union[CatanAction.KeepHelper, _Mapping]] = ..., exchange_helper: _Optional[_Union[CatanAction.ExchangeHelper, _Mapping]] = ..., ship: _Optional[_Union[CatanAction.Ship, _Mapping]] = ..., move_ship: _Optional[_Union[CatanAction.MoveShip, _Mapping]] = ..., move_pirate: _Optional[_Union[CatanAction.MovePirate, _Mapping]] = ..., choose_gold: _Optional[_Union[CatanAction.ChooseGold, _Mapping]] = ..., buy_dev_tokens: _Optional[_Union[CatanAction.BuyDevTokens, _Mapping]] = ...) -> None: ...

class CatanObservation(_message.Message):
    __slots__ = ("seat", "decision", "phase", "turn", "active", "rolled", "terrain", "tokens", "harbor_edges", "harbor_types", "robber", "owner", "level", "road_owner", "hand", "hand_sizes", "devs", "new_devs", "dev_counts", "knights", "bank", "deck_size", "longest_road", "largest_army", "road_lengths", "public_vp", "vp", "vp_to_win", "pieces_left", "rates", "dev_played", "offers_made", "offer_limit", "offer", "answers", "discard_owed", "free_roads", "settler", "helpers", "helper_sides", "helper_received", "helper_used", "helper_stack", "display", "jean_seat", "jean_type", "candamir_cards", "hilde_hand", "nassir_to", "moving_road", "road_cost", "ship_owner", "ships_left", "pirate", "new_ships", "ship_moved", "moving_ship", "island_vp", "island_bonus", "home_islands", "claimed", "fog_hexes_left", "fog_tokens_left", "gold_owed", "gold_order", "gold_under", "free_pieces", "discovery_tokens", "river", "gold_mine_first")
    class Pieces(_message.Message):
        __slots__ = ("settlements", "cities", "roads")
        SETTLEMENTS_FIELD_NUMBER: _ClassVar[int]
        CITIES_FIELD_NUMBER: _ClassVar[int]
        ROADS_FIELD_NUMBER: _ClassVar[int]
        settlements: int
        cities: int
        roads: int
        def __init__(self, settlements: _Optional[int] = ..., cities: _Optional[int] = ..., roads: _Optional[int] = ...) -> None: ...
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
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    ROLLED_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    HARBOR_EDGES_FIELD_NUMBER: _ClassVar[int]
    HARBOR_TYPES_FIELD_NUMBER: _ClassVar[int]
    ROBBER_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    ROAD_OWNER_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    DEVS_FIELD_NUMBER: _ClassVar[int]
    NEW_DEVS_FIELD_NUMBER: _ClassVar[int]
    DEV_COUNTS_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    BANK_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROAD_FIELD_NUMBER: _ClassVar[int]
    LARGEST_ARMY_FIELD_NUMBER: _ClassVar[int]
    ROAD_LENGTHS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_VP_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    VP_TO_WIN_FIELD_NUMBER: _ClassVar[int]
    PIECES_LEFT_FIELD_NUMBER: _ClassVar[int]
    RATES_FIELD_NUMBER: _ClassVar[int]
    DEV_PLAYED_FIELD_NUMBER: _ClassVar[int]
    OFFERS_MADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_OWED_FIELD_NUMBER: _ClassVar[int]
    FREE_ROADS_FIELD_NUMBER: _ClassVar[int]
    SETTLER_FIELD_NUMBER: _ClassVar[int]
    HELPERS_FIELD_NUMBER: _ClassVar[int]
    HELPER_SIDES_FIELD_NUMBER: _ClassVar[int]
    HELPER_RECEIVED_FIELD_NUMBER: _ClassVar[int]
    HELPER_USED_FIELD_NUMBER: _ClassVar[int]
    HELPER_STACK_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    JEAN_SEAT_FIELD_NUMBER: _ClassVar[int]
    JEAN_TYPE_FIELD_NUMBER: _ClassVar[int]
    CANDAMIR_CARDS_FIELD_NUMBER: _ClassVar[int]
    HILDE_HAND_FIELD_NUMBER: _ClassVar[int]
    NASSIR_TO_FIELD_NUMBER: _ClassVar[int]
    MOVING_ROAD_FIELD_NUMBER: _ClassVar[int]
    ROAD_COST_FIELD_NUMBER: _ClassVar[int]
    SHIP_OWNER_FIELD_NUMBER: _ClassVar[int]
    SHIPS_LEFT_FIELD_NUMBER: _ClassVar[int]
    PIRATE_FIELD_NUMBER: _ClassVar[int]
    NEW_SHIPS_FIELD_NUMBER: _ClassVar[int]
    SHIP_MOVED_FIELD_NUMBER: _ClassVar[int]
    MOVING_SHIP_FIELD_NUMBER: _ClassVar[int]
    ISLAND_VP_FIELD_NUMBER: _ClassVar[int]
    ISLAND_BONUS_FIELD_NUMBER: _ClassVar[int]
    HOME_ISLANDS_FIELD_NUMBER: _ClassVar[int]
    CLAIMED_FIELD_NUMBER: _ClassVar[int]
    FOG_HEXES_LEFT_FIELD_NUMBER: _ClassVar[int]
    FOG_TOKENS_LEFT_FIELD_NUMBER: _ClassVar[int]
    GOLD_OWED_FIELD_NUMBER: _ClassVar[int]
    GOLD_ORDER_FIELD_NUMBER: _ClassVar[int]
    GOLD_UNDER_FIELD_NUMBER: _ClassVar[int]
    FREE_PIECES_FIELD_NUMBER: _ClassVar[int]
    DISCOVERY_TOKENS_FIELD_NUMBER: _ClassVar[int]
    RIVER_FIELD_NUMBER: _ClassVar[int]
    GOLD_MINE_FIRST_FIELD_NUMBER: _ClassVar[int]
    seat: int
    decision: str
    phase: str
    turn: int
    active: int
    rolled: int
    terrain: _containers.RepeatedScalarFieldContainer[int]
    tokens: _containers.RepeatedScalarFieldContainer[int]
    harbor_edges: _containers.RepeatedScalarFieldContainer[int]
    harbor_types: _containers.RepeatedScalarFieldContainer[int]
    robber: int
    owner: _containers.RepeatedScalarFieldContainer[int]
    level: _containers.RepeatedScalarFieldContainer[int]
    road_owner: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedScalarFieldContainer[int]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    devs: _containers.RepeatedScalarFieldContainer[int]
    new_devs: _containers.RepeatedScalarFieldContainer[int]
    dev_counts: _containers.RepeatedScalarFieldContainer[int]
    knights: _containers.RepeatedScalarFieldContainer[int]
    bank: _containers.RepeatedScalarFieldContainer[int]
    deck_size: int
    longest_road: int
    largest_army: int
    road_lengths: _containers.RepeatedScalarFieldContainer[int]
    public_vp: _containers.RepeatedScalarFieldContainer[int]
    vp: int
    vp_to_win: int
    pieces_left: _containers.RepeatedCompositeFieldContainer[CatanObservation.Pieces]
    rates: _containers.RepeatedScalarFieldContainer[int]
    dev_played: bool
    offers_made: int
    offer_limit: int
    offer: CatanAction.Offer
    answers: _containers.RepeatedCompositeFieldContainer[CatanObservation.TradeAnswer]
    discard_owed: _containers.RepeatedScalarFieldContainer[int]
    free_roads: int
    settler: int
    helpers: _containers.RepeatedScalarFieldContainer[int]
    helper_sides: _containers.RepeatedScalarFieldContainer[int]
    helper_received: _containers.RepeatedScalarFieldContainer[int]
    helper_used: _containers.RepeatedScalarFieldContainer[int]
    helper_stack: _containers.RepeatedScalarFieldContainer[int]
    display: _containers.RepeatedScalarFieldContainer[int]
    jean_seat: int
    jean_type: int
    candamir_cards: _containers.RepeatedScalarFieldContainer[int]
    hilde_hand: _containers.RepeatedScalarFieldContainer[int]
    nassir_to: _containers.RepeatedScalarFieldContainer[int]
    moving_road: int
    road_cost: _containers.RepeatedScalarFieldContainer[int]
    ship_owner: _containers.RepeatedScalarFieldContainer[int]
    ships_left: _containers.RepeatedScalarFieldContainer[int]
    pirate: int
    new_ships: _containers.RepeatedScalarFieldContainer[int]
    ship_moved: bool
    moving_ship: int
    island_vp: _containers.RepeatedScalarFieldContainer[int]
    island_bonus: _containers.RepeatedScalarFieldContainer[int]
    home_islands: _containers.RepeatedScalarFieldContainer[int]
    claimed: int
    fog_hexes_left: _containers.RepeatedScalarFieldContainer[int]
    fog_tokens_left: _containers.RepeatedScalarFieldContainer[int]
    gold_owed: _containers.RepeatedScalarFieldContainer[int]
    gold_order: _containers.RepeatedScalarFieldContainer[int]
    gold_under: str
    free_pieces: int
    discovery_tokens: _containers.RepeatedScalarFieldContainer[int]
    river: _containers.RepeatedScalarFieldContainer[int]
    gold_mine_first: int
    def __init__(self, seat: _Optional[int] = ..., decision: _Optional[str] = ..., phase: _Optional[str] = ..., turn: _Optional[int] = ..., active: _Optional[int] = ..., rolled: _Optional[int] = ..., terrain: _Optional[_Iterable[int]] = ..., tokens: _Optional[_Iterable[int]] = ..., harbor_edges: _Optional[_Iterable[int]] = ..., harbor_types: _Optional[_Iterable[int]] = ..., robber: _Optional[int] = ..., owner: _Optional[_Iterable[int]] = ..., level: _Optional[_Iterable[int]] = ..., road_owner: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[int]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., devs: _Optional[_Iterable[int]] = ..., new_devs: _Optional[_Iterable[int]] = ..., dev_counts: _Optional[_Iterable[int]] = ..., knights: _Optional[_Iterable[int]] = ..., bank: _Optional[_Iterable[int]] = ..., deck_size: _Optional[int] = ..., longest_road: _Optional[int] = ..., largest_army: _Optional[int] = ..., road_lengths: _Optional[_Iterable[int]] = ..., public_vp: _Optional[_Iterable[int]] = ..., vp: _Optional[int] = ..., vp_to_win: _Optional[int] = ..., pieces_left: _Optional[_Iterable[_Union[CatanObservation.Pieces, _Mapping]]] = ..., rates: _Optional[_Iterable[int]] = ..., dev_played: _Optional[bool] = ..., offers_made: _Optional[int] = ..., offer_limit: _Optional[int] = ..., offer: _Optional[_Union[CatanAction.Offer, _Mapping]] = ..., answers: _Optional[_Iterable[_Union[CatanObservation.TradeAnswer, _Mapping]]] = ..., discard_owed: _Optional[_Iterable[int]] = ..., free_roads: _Optional[int] = ..., settler: _Optional[int] = ..., helpers: _Optional[_Iterable[int]] = ..., helper_sides: _Optional[_Iterable[int]] = ..., helper_received: _Optional[_Iterable[int]] = ..., helper_used: _Optional[_Iterable[int]] = ..., helper_stack: _Optional[_Iterable[int]] = ..., display: _Optional[_Iterable[int]] = ..., jean_seat: _Optional[int] = ..., jean_type: _Optional[int] = ..., candamir_cards: _Optional[_Iterable[int]] = ..., hilde_hand: _Optional[_Iterable[int]] = ..., nassir_to: _Optional[_Iterable[int]] = ..., moving_road: _Optional[int] = ..., road_cost: _Optional[_Iterable[int]] = ..., ship_owner: _Optional[_Iterable[int]] = ..., ships_left: _Optional[_Iterable[int]] = ..., pirate: _Optional[int] = ..., new_ships: _Optional[_Iterable[int]] = ..., ship_moved: _Optional[bool] = ..., moving_ship: _Optional[int] = ..., island_vp: _Optional[_Iterable[int]] = ..., island_bonus: _Optional[_Iterable[int]] = ..., home_islands: _Optional[_Iterable[int]] = ..., claimed: _Optional[int] = ..., fog_hexes_left: _Optional[_Iterable[int]] = ..., fog_tokens_left: _Optional[_Iterable[int]] = ..., gold_owed: _Optional[_Iterable[int]] = ..., gold_order: _Optional[_Iterable[int]] = ..., gold_under: _Optional[str] = ..., free_pieces: _Optional[int] = ..., discovery_tokens: _Optional[_Iterable[int]] = ..., river: _Optional[_Iterable[int]] = ..., gold_mine_first: _Optional[int] = ...) -> None: ...

class CatanEvent(_message.Message):
    __slots__ = ("settle", "road", "city", "starting_resources", "turn", "turn_cap", "dice", "produce", "must_discard", "discard", "robber", "steal", "buy_dev", "play", "year_of_plenty", "monopoly", "longest_road", "largest_army", "victory", "bank_trade", "offer", "answer", "answers", "withdraw", "trade", "special_build", "partner", "helper_taken", "helper_display", "helper_keep", "helper_exchange", "candamir", "candamir_keep", "hilde", "hilde_take", "jean", "lin", "louis", "marianne", "nassir", "nassir_give", "sean", "vincent", "william", "ship", "lift_ship", "move_ship", "pirate", "discover", "discovery_card", "gold_owed", "gold", "island_bonus", "discoveries", "gold_mine")
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
        __slots__ = ("seat", "dice", "sum")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DICE_FIELD_NUMBER: _ClassVar[int]
        SUM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        dice: _containers.RepeatedScalarFieldContainer[int]
        sum: int
        def __init__(self, seat: _Optional[int] = ..., dice: _Optional[_Iterable[int]] = ..., sum: _Optional[int] = ...) -> None: ...
    class Produce(_message.Message):
        __slots__ = ("paid", "shortage")
        class PaidEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: CatanEvent.Cards
            def __init__(self, key: _Optional[int] = ..., value: _Optional[_Union[CatanEvent.Cards, _Mapping]] = ...) -> None: ...
        PAID_FIELD_NUMBER: _ClassVar[int]
        SHORTAGE_FIELD_NUMBER: _ClassVar[int]
        paid: _containers.MessageMap[int, CatanEvent.Cards]
        shortage: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, paid: _Optional[_Mapping[int, CatanEvent.Cards]] = ..., shortage: _Optional[_Iterable[int]] = ...) -> None: ...
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
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: CatanEvent.Cards
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Union[CatanEvent.Cards, _Mapping]] = ...) -> None: ...
    class Robber(_message.Message):
        __slots__ = ("seat", "hex", "victim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HEX_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hex: int
        victim: int
        def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class Steal(_message.Message):
        __slots__ = ("thief", "victim", "count", "resource")
        THIEF_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        thief: int
        victim: int
        count: int
        resource: int
        def __init__(self, thief: _Optional[int] = ..., victim: _Optional[int] = ..., count: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class BuyDev(_message.Message):
        __slots__ = ("seat", "deck", "card", "tokens", "paid")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        TOKENS_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        seat: int
        deck: int
        card: int
        tokens: int
        paid: CatanEvent.Cards
        def __init__(self, seat: _Optional[int] = ..., deck: _Optional[int] = ..., card: _Optional[int] = ..., tokens: _Optional[int] = ..., paid: _Optional[_Union[CatanEvent.Cards, _Mapping]] = ...) -> None: ...
    class Play(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class YearOfPlenty(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class Monopoly(_message.Message):
        __slots__ = ("seat", "resource", "given")
        class GivenEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: int
            def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        GIVEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: int
        given: _containers.ScalarMap[int, int]
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[int] = ..., given: _Optional[_Mapping[int, int]] = ...) -> None: ...
    class LongestRoad(_message.Message):
        __slots__ = ("seat", "previous", "length")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PREVIOUS_FIELD_NUMBER: _ClassVar[int]
        LENGTH_FIELD_NUMBER: _ClassVar[int]
        seat: int
        previous: int
        length: int
        def __init__(self, seat: _Optional[int] = ..., previous: _Optional[int] = ..., length: _Optional[int] = ...) -> None: ...
    class LargestArmy(_message.Message):
        __slots__ = ("seat", "previous", "knights")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PREVIOUS_FIELD_NUMBER: _ClassVar[int]
        KNIGHTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        previous: int
        knights: int
        def __init__(self, seat: _Optional[int] = ..., previous: _Optional[int] = ..., knights: _Optional[int] = ...) -> None: ...
    class Victory(_message.Message):
        __slots__ = ("seat", "points", "vp_cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        VP_CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        points: int
        vp_cards: int
        def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ..., vp_cards: _Optional[int] = ...) -> None: ...
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
        answer: CatanAction
        def __init__(self, seat: _Optional[int] = ..., answer: _Optional[_Union[CatanAction, _Mapping]] = ...) -> None: ...
    class Answers(_message.Message):
        __slots__ = ("answers", "details")
        class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            KIND_UNSPECIFIED: _ClassVar[CatanEvent.Answers.Kind]
            KIND_ACCEPT: _ClassVar[CatanEvent.Answers.Kind]
            KIND_COUNTER: _ClassVar[CatanEvent.Answers.Kind]
            KIND_REJECT: _ClassVar[CatanEvent.Answers.Kind]
        KIND_UNSPECIFIED: CatanEvent.Answers.Kind
        KIND_ACCEPT: CatanEvent.Answers.Kind
        KIND_COUNTER: CatanEvent.Answers.Kind
        KIND_REJECT: CatanEvent.Answers.Kind
        class AnswersEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: CatanEvent.Answers.Kind
            def __init__(self, key: _Optional[int] = ..., value: _Optional[_Union[CatanEvent.Answers.Kind, str]] = ...) -> None: ...
        class DetailsEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: CatanAction.Counter
            def __init__(self, key: _Optional[int] = ..., value: _Optional[_Union[CatanAction.Counter, _Mapping]] = ...) -> None: ...
        ANSWERS_FIELD_NUMBER: _ClassVar[int]
        DETAILS_FIELD_NUMBER: _ClassVar[int]
        answers: _containers.ScalarMap[int, CatanEvent.Answers.Kind]
        details: _containers.MessageMap[int, CatanAction.Counter]
        def __init__(self, answers: _Optional[_Mapping[int, CatanEvent.Answers.Kind]] = ..., details: _Optional[_Mapping[int, CatanAction.Counter]] = ...) -> None: ...
    class Withdraw(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class DevCards(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class SpecialBuild(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Partner(_message.Message):
        __slots__ = ("seat", "settler")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SETTLER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        settler: int
        def __init__(self, seat: _Optional[int] = ..., settler: _Optional[int] = ...) -> None: ...
    class HelperTaken(_message.Message):
        __slots__ = ("seat", "helper")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HELPER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        helper: int
        def __init__(self, seat: _Optional[int] = ..., helper: _Optional[int] = ...) -> None: ...
    class HelperDisplay(_message.Message):
        __slots__ = ("display",)
        DISPLAY_FIELD_NUMBER: _ClassVar[int]
        display: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, display: _Optional[_Iterable[int]] = ...) -> None: ...
    class HelperKeep(_message.Message):
        __slots__ = ("seat", "helper")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HELPER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        helper: int
        def __init__(self, seat: _Optional[int] = ..., helper: _Optional[int] = ...) -> None: ...
    class HelperExchange(_message.Message):
        __slots__ = ("seat", "returned", "taken")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RETURNED_FIELD_NUMBER: _ClassVar[int]
        TAKEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        returned: int
        taken: int
        def __init__(self, seat: _Optional[int] = ..., returned: _Optional[int] = ..., taken: _Optional[int] = ...) -> None: ...
    class Candamir(_message.Message):
        __slots__ = ("seat", "paid", "drawn", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        DRAWN_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        paid: _containers.RepeatedScalarFieldContainer[int]
        drawn: int
        cards: CatanEvent.DevCards
        def __init__(self, seat: _Optional[int] = ..., paid: _Optional[_Iterable[int]] = ..., drawn: _Optional[int] = ..., cards: _Optional[_Union[CatanEvent.DevCards, _Mapping]] = ...) -> None: ...
    class CandamirKeep(_message.Message):
        __slots__ = ("seat", "deck", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        deck: int
        card: int
        def __init__(self, seat: _Optional[int] = ..., deck: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...
    class Hilde(_message.Message):
        __slots__ = ("seat", "victim", "count", "hand")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        count: int
        hand: CatanEvent.Cards
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., count: _Optional[int] = ..., hand: _Optional[_Union[CatanEvent.Cards, _Mapping]] = ...) -> None: ...
    class HildeTake(_message.Message):
        __slots__ = ("seat", "victim", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class Jean(_message.Message):
        __slots__ = ("seat", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class Lin(_message.Message):
        __slots__ = ("seat", "vacated", "hex", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VACATED_FIELD_NUMBER: _ClassVar[int]
        HEX_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        vacated: int
        hex: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., vacated: _Optional[int] = ..., hex: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class Louis(_message.Message):
        __slots__ = ("seat", "edge", "corners")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        EDGE_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        edge: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ...) -> None: ...
    class Marianne(_message.Message):
        __slots__ = ("seat", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class Nassir(_message.Message):
        __slots__ = ("seat", "resource", "asked", "gave")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        ASKED_FIELD_NUMBER: _ClassVar[int]
        GAVE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: int
        asked: _containers.RepeatedScalarFieldContainer[int]
        gave: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[int] = ..., asked: _Optional[_Iterable[int]] = ..., gave: _Optional[_Iterable[int]] = ...) -> None: ...
    class NassirGive(_message.Message):
        __slots__ = ("seat", "to", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        to: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class Sean(_message.Message):
        __slots__ = ("seat", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class Vincent(_message.Message):
        __slots__ = ("seat", "knights")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        KNIGHTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        knights: int
        def __init__(self, seat: _Optional[int] = ..., knights: _Optional[int] = ...) -> None: ...
    class William(_message.Message):
        __slots__ = ("seat", "paid")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        seat: int
        paid: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., paid: _Optional[_Iterable[int]] = ...) -> None: ...
    class Discoveries(_message.Message):
        __slots__ = ("paid",)
        class PaidEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: int
            def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
        PAID_FIELD_NUMBER: _ClassVar[int]
        paid: _containers.ScalarMap[int, int]
        def __init__(self, paid: _Optional[_Mapping[int, int]] = ...) -> None: ...
    class GoldMine(_message.Message):
        __slots__ = ("seat", "corner", "points")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        corner: int
        points: int
        def __init__(self, seat: _Optional[int] = ..., corner: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...
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
    class Ship(_message.Message):
        __slots__ = ("seat", "edge", "corners")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        EDGE_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        edge: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ...) -> None: ...
    class LiftShip(_message.Message):
        __slots__ = ("seat", "edge", "corners")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        EDGE_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        edge: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ...) -> None: ...
    class MoveShip(_message.Message):
        __slots__ = ("seat", "origin", "to", "edge")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ORIGIN_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        EDGE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        origin: _containers.RepeatedScalarFieldContainer[int]
        to: _containers.RepeatedScalarFieldContainer[int]
        edge: int
        def __init__(self, seat: _Optional[int] = ..., origin: _Optional[_Iterable[int]] = ..., to: _Optional[_Iterable[int]] = ..., edge: _Optional[int] = ...) -> None: ...
    class Pirate(_message.Message):
        __slots__ = ("seat", "hex", "victim")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HEX_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hex: int
        victim: int
        def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...
    class Discover(_message.Message):
        __slots__ = ("seat", "hex", "terrain", "token")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HEX_FIELD_NUMBER: _ClassVar[int]
        TERRAIN_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hex: int
        terrain: int
        token: int
        def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ..., terrain: _Optional[int] = ..., token: _Optional[int] = ...) -> None: ...
    class DiscoveryCard(_message.Message):
        __slots__ = ("seat", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class GoldOwed(_message.Message):
        __slots__ = ("owed", "lost")
        class OwedEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: int
            value: int
            def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
        OWED_FIELD_NUMBER: _ClassVar[int]
        LOST_FIELD_NUMBER: _ClassVar[int]
        owed: _containers.ScalarMap[int, int]
        lost: bool
        def __init__(self, owed: _Optional[_Mapping[int, int]] = ..., lost: _Optional[bool] = ...) -> None: ...
    class Gold(_message.Message):
        __slots__ = ("seat", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: int
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...
    class IslandBonus(_message.Message):
        __slots__ = ("seat", "island", "vp")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ISLAND_FIELD_NUMBER: _ClassVar[int]
        VP_FIELD_NUMBER: _ClassVar[int]
        seat: int
        island: str
        vp: int
        def __init__(self, seat: _Optional[int] = ..., island: _Optional[str] = ..., vp: _Optional[int] = ...) -> None: ...
    SETTLE_FIELD_NUMBER: _ClassVar[int]
    ROAD_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    STARTING_RESOURCES_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    TURN_CAP_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    PRODUCE_FIELD_NUMBER: _ClassVar[int]
    MUST_DISCARD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    ROBBER_FIELD_NUMBER: _ClassVar[int]
    STEAL_FIELD_NUMBER: _ClassVar[int]
    BUY_DEV_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    YEAR_OF_PLENTY_FIELD_NUMBER: _ClassVar[int]
    MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROAD_FIELD_NUMBER: _ClassVar[int]
    LARGEST_ARMY_FIELD_NUMBER: _ClassVar[int]
    VICTORY_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_BUILD_FIELD_NUMBER: _ClassVar[int]
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    HELPER_TAKEN_FIELD_NUMBER: _ClassVar[int]
    HELPER_DISPLAY_FIELD_NUMBER: _ClassVar[int]
    HELPER_KEEP_FIELD_NUMBER: _ClassVar[int]
    HELPER_EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    CANDAMIR_FIELD_NUMBER: _ClassVar[int]
    CANDAMIR_KEEP_FIELD_NUMBER: _ClassVar[int]
    HILDE_FIELD_NUMBER: _ClassVar[int]
    HILDE_TAKE_FIELD_NUMBER: _ClassVar[int]
    JEAN_FIELD_NUMBER: _ClassVar[int]
    LIN_FIELD_NUMBER: _ClassVar[int]
    LOUIS_FIELD_NUMBER: _ClassVar[int]
    MARIANNE_FIELD_NUMBER: _ClassVar[int]
    NASSIR_FIELD_NUMBER: _ClassVar[int]
    NASSIR_GIVE_FIELD_NUMBER: _ClassVar[int]
    SEAN_FIELD_NUMBER: _ClassVar[int]
    VINCENT_FIELD_NUMBER: _ClassVar[int]
    WILLIAM_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    LIFT_SHIP_FIELD_NUMBER: _ClassVar[int]
    MOVE_SHIP_FIELD_NUMBER: _ClassVar[int]
    PIRATE_FIELD_NUMBER: _ClassVar[int]
    DISCOVER_FIELD_NUMBER: _ClassVar[int]
    DISCOVERY_CARD_FIELD_NUMBER: _ClassVar[int]
    GOLD_OWED_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    ISLAND_BONUS_FIELD_NUMBER: _ClassVar[int]
    DISCOVERIES_FIELD_NUMBER: _ClassVar[int]
    GOLD_MINE_FIELD_NUMBER: _ClassVar[int]
    settle: CatanEvent.Settle
    road: CatanEvent.Road
    city: CatanEvent.City
    starting_resources: CatanEvent.StartingResources
    turn: CatanEvent.Turn
    turn_cap: CatanEvent.TurnCap
    dice: CatanEvent.Dice
    produce: CatanEvent.Produce
    must_discard: CatanEvent.MustDiscard
    discard: CatanEvent.Discard
    robber: CatanEvent.Robber
    steal: CatanEvent.Steal
    buy_dev: CatanEvent.BuyDev
    play: CatanEvent.Play
    year_of_plenty: CatanEvent.YearOfPlenty
    monopoly: CatanEvent.Monopoly
    longest_road: CatanEvent.LongestRoad
    largest_army: CatanEvent.LargestArmy
    victory: CatanEvent.Victory
    bank_trade: CatanEvent.BankTrade
    offer: CatanEvent.Offer
    answer: CatanEvent.Answer
    answers: CatanEvent.Answers
    withdraw: CatanEvent.Withdraw
    trade: CatanEvent.Trade
    special_build: CatanEvent.SpecialBuild
    partner: CatanEvent.Partner
    helper_taken: CatanEvent.HelperTaken
    helper_display: CatanEvent.HelperDisplay
    helper_keep: CatanEvent.HelperKeep
    helper_exchange: CatanEvent.HelperExchange
    candamir: CatanEvent.Candamir
    candamir_keep: CatanEvent.CandamirKeep
    hilde: CatanEvent.Hilde
    hilde_take: CatanEvent.HildeTake
    jean: CatanEvent.Jean
    lin: CatanEvent.Lin
    louis: CatanEvent.Louis
    marianne: CatanEvent.Marianne
    nassir: CatanEvent.Nassir
    nassir_give: CatanEvent.NassirGive
    sean: CatanEvent.Sean
    vincent: CatanEvent.Vincent
    william: CatanEvent.William
    ship: CatanEvent.Ship
    lift_ship: CatanEvent.LiftShip
    move_ship: CatanEvent.MoveShip
    pirate: CatanEvent.Pirate
    discover: CatanEvent.Discover
    discovery_card: CatanEvent.DiscoveryCard
    gold_owed: CatanEvent.GoldOwed
    gold: CatanEvent.Gold
    island_bonus: CatanEvent.IslandBonus
    discoveries: CatanEvent.Discoveries
    gold_mine: CatanEvent.GoldMine
    def __init__(self, settle: _Optional[_Union[CatanEvent.Settle, _Mapping]] = ..., road: _Optional[_Union[CatanEvent.Road, _Mapping]] = ..., city: _Optional[_Union[CatanEvent.City, _Mapping]] = ..., starting_resources: _Optional[_Union[CatanEvent.StartingResources, _Mapping]] = ..., turn: _Optional[_Union[CatanEvent.Turn, _Mapping]] = ..., turn_cap: _Optional[_Union[CatanEvent.TurnCap, _Mapping]] = ..., dice: _Optional[_Union[CatanEvent.Dice, _Mapping]] = ..., produce: _Optional[_Union[CatanEvent.Produce, _Mapping]] = ..., must_discard: _Optional[_Union[CatanEvent.MustDiscard, _Mapping]] = ..., discard: _Optional[_Union[CatanEvent.Discard, _Mapping]] = ..., robber: _Optional[_Union[CatanEvent.Robber, _Mapping]] = ..., steal: _Optional[_Union[CatanEvent.Steal, _Mapping]] = ..., buy_dev: _Optional[_Union[CatanEvent.BuyDev, _Mapping]] = ..., play: _Optional[_Union[CatanEvent.Play, _Mapping]] = ..., year_of_plenty: _Optional[_Union[CatanEvent.YearOfPlenty, _Mapping]] = ..., monopoly: _Optional[_Union[CatanEvent.Monopoly, _Mapping]] = ..., longest_road: _Optional[_Union[CatanEvent.LongestRoad, _Mapping]] = ..., largest_army: _Optional[_Union[CatanEvent.LargestArmy, _Mapping]] = ..., victory: _Optional[_Union[CatanEvent.Victory, _Mapping]] = ..., bank_trade: _Optional[_Union[CatanEvent.BankTrade, _Mapping]] = ..., offer: _Optional[_Union[CatanEvent.Offer, _Mapping]] = ..., answer: _Optional[_Union[CatanEvent.Answer, _Mapping]] = ..., answers: _Optional[_Union[CatanEvent.Answers, _Mapping]] = ..., withdraw: _Optional[_Union[CatanEvent.Withdraw, _Mapping]] = ..., trade: _Optional[_Union[CatanEvent.Trade, _Mapping]] = ..., special_build: _Optional[_Union[CatanEvent.SpecialBuild, _Mapping]] = ..., partner: _Optional[_Union[CatanEvent.Partner, _Mapping]] = ..., helper_taken: _Optional[_Union[CatanEvent.HelperTaken, _Mapping]] = ..., helper_display: _Optional[_Union[CatanEvent.HelperDisplay, _Mapping]] = ..., helper_keep: _Optional[_Union[CatanEvent.HelperKeep, _Mapping]] = ..., helper_exchange: _Optional[_Union[CatanEvent.HelperExchange, _Mapping]] = ..., candamir: _Optional[_Union[CatanEvent.Candamir, _Mapping]] = ..., candamir_keep: _Optional[_Union[CatanEvent.CandamirKeep, _Mapping]] = ..., hilde: _Optional[_Union[CatanEvent.Hilde, _Mapping]] = ..., hilde_take: _Optional[_Union[CatanEvent.HildeTake, _Mapping]] = ..., jean: _Optional[_Union[CatanEvent.Jean, _Mapping]] = ..., lin: _Optional[_Union[CatanEvent.Lin, _Mapping]] = ..., louis: _Optional[_Union[CatanEvent.Louis, _Mapping]] = ..., marianne: _Optional[_Union[CatanEvent.Marianne, _Mapping]] = ..., nassir: _Optional[_Union[CatanEvent.Nassir, _Mapping]] = ..., nassir_give: _Optional[_Union[CatanEvent.NassirGive, _Mapping]] = ..., sean: _Optional[_Union[CatanEvent.Sean, _Mapping]] = ..., vincent: _Optional[_Union[CatanEvent.Vincent, _Mapping]] = ..., william: _Optional[_Union[CatanEvent.William, _Mapping]] = ..., ship: _Optional[_Union[CatanEvent.Ship, _Mapping]] = ..., lift_ship: _Optional[_Union[CatanEvent.LiftShip, _Mapping]] = ..., move_ship: _Optional[_Union[CatanEvent.MoveShip, _Mapping]] = ..., pirate: _Optional[_Union[CatanEvent.Pirate, _Mapping]] = ..., discover: _Optional[_Union[CatanEvent.Discover, _Mapping]] = ..., discovery_card: _Optional[_Union[CatanEvent.DiscoveryCard, _Mapping]] = ..., gold_owed: _Optional[_Union[CatanEvent.GoldOwed, _Mapping]] = ..., gold: _Optional[_Union[CatanEvent.Gold, _Mapping]] = ..., island_bonus: _Optional[_Union[CatanEvent.IslandBonus, _Mapping]] = ..., discoveries: _Optional[_Union[CatanEvent.Discoveries, _Mapping]] = ..., gold_mine: _Optional[_Union[CatanEvent.GoldMine, _Mapping]] = ...) -> None: ...

class CatanBoard(_message.Message):
    __slots__ = ("layout", "rows", "hexes", "corners", "edges", "harbors", "robber", "sea", "jungle", "river")
    class GoldMineBonus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        GOLD_MINE_BONUS_UNSPECIFIED: _ClassVar[CatanBoard.GoldMineBonus]
        GOLD_MINE_BONUS_PER_BUILDING: _ClassVar[CatanBoard.GoldMineBonus]
        GOLD_MINE_BONUS_FIRST_ONLY: _ClassVar[CatanBoard.GoldMineBonus]
    GOLD_MINE_BONUS_UNSPECIFIED: CatanBoard.GoldMineBonus
    GOLD_MINE_BONUS_PER_BUILDING: CatanBoard.GoldMineBonus
    GOLD_MINE_BONUS_FIRST_ONLY: CatanBoard.GoldMineBonus
    class Hex(_message.Message):
        __slots__ = ("id", "row", "column", "x", "y", "terrain", "resource", "token", "corners", "edges", "neighbors")
        ID_FIELD_NUMBER: _ClassVar[int]
        ROW_FIELD_NUMBER: _ClassVar[int]
        COLUMN_FIELD_NUMBER: _ClassVar[int]
        X_FIELD_NUMBER: _ClassVar[int]
        Y_FIELD_NUMBER: _ClassVar[int]
        TERRAIN_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        EDGES_FIELD_NUMBER: _ClassVar[int]
        NEIGHBORS_FIELD_NUMBER: _ClassVar[int]
        id: int
        row: int
        column: int
        x: int
        y: int
        terrain: int
        resource: int
        token: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        edges: _containers.RepeatedScalarFieldContainer[int]
        neighbors: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, id: _Optional[int] = ..., row: _Optional[int] = ..., column: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., terrain: _Optional[int] = ..., resource: _Optional[int] = ..., token: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ..., edges: _Optional[_Iterable[int]] = ..., neighbors: _Optional[_Iterable[int]] = ...) -> None: ...
    class Corner(_message.Message):
        __slots__ = ("id", "x", "y", "hexes", "corners", "edges", "harbor")
        ID_FIELD_NUMBER: _ClassVar[int]
        X_FIELD_NUMBER: _ClassVar[int]
        Y_FIELD_NUMBER: _ClassVar[int]
        HEXES_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        EDGES_FIELD_NUMBER: _ClassVar[int]
        HARBOR_FIELD_NUMBER: _ClassVar[int]
        id: int
        x: int
        y: int
        hexes: _containers.RepeatedScalarFieldContainer[int]
        corners: _containers.RepeatedScalarFieldContainer[int]
        edges: _containers.RepeatedScalarFieldContainer[int]
        harbor: int
        def __init__(self, id: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., hexes: _Optional[_Iterable[int]] = ..., corners: _Optional[_Iterable[int]] = ..., edges: _Optional[_Iterable[int]] = ..., harbor: _Optional[int] = ...) -> None: ...
    class Edge(_message.Message):
        __slots__ = ("id", "corners", "hexes", "harbor")
        ID_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        HEXES_FIELD_NUMBER: _ClassVar[int]
        HARBOR_FIELD_NUMBER: _ClassVar[int]
        id: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        hexes: _containers.RepeatedScalarFieldContainer[int]
        harbor: int
        def __init__(self, id: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ..., hexes: _Optional[_Iterable[int]] = ..., harbor: _Optional[int] = ...) -> None: ...
    class Harbor(_message.Message):
        __slots__ = ("id", "kind", "ratio", "resource", "edge", "corners", "hex")
        ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        RATIO_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        EDGE_FIELD_NUMBER: _ClassVar[int]
        CORNERS_FIELD_NUMBER: _ClassVar[int]
        HEX_FIELD_NUMBER: _ClassVar[int]
        id: int
        kind: int
        ratio: int
        resource: int
        edge: int
        corners: _containers.RepeatedScalarFieldContainer[int]
        hex: int
        def __init__(self, id: _Optional[int] = ..., kind: _Optional[int] = ..., ratio: _Optional[int] = ..., resource: _Optional[int] = ..., edge: _Optional[int] = ..., corners: _Optional[_Iterable[int]] = ..., hex: _Optional[int] = ...) -> None: ...
    class Jungle(_message.Message):
        __slots__ = ("hexes", "tokens_per_card")
        HEXES_FIELD_NUMBER: _ClassVar[int]
        TOKENS_PER_CARD_FIELD_NUMBER: _ClassVar[int]
        hexes: _containers.RepeatedScalarFieldContainer[int]
        tokens_per_card: int
        def __init__(self, hexes: _Optional[_Iterable[int]] = ..., tokens_per_card: _Optional[int] = ...) -> None: ...
    class River(_message.Message):
        __slots__ = ("hexes", "riverbank", "gold_mine", "gold_mine_corners", "bonus_vp", "bonus")
        HEXES_FIELD_NUMBER: _ClassVar[int]
        RIVERBANK_FIELD_NUMBER: _ClassVar[int]
        GOLD_MINE_FIELD_NUMBER: _ClassVar[int]
        GOLD_MINE_CORNERS_FIELD_NUMBER: _ClassVar[int]
        BONUS_VP_FIELD_NUMBER: _ClassVar[int]
        BONUS_FIELD_NUMBER: _ClassVar[int]
        hexes: _containers.RepeatedScalarFieldContainer[int]
        riverbank: _containers.RepeatedScalarFieldContainer[int]
        gold_mine: int
        gold_mine_corners: _containers.RepeatedScalarFieldContainer[int]
        bonus_vp: int
        bonus: CatanBoard.GoldMineBonus
        def __init__(self, hexes: _Optional[_Iterable[int]] = ..., riverbank: _Optional[_Iterable[int]] = ..., gold_mine: _Optional[int] = ..., gold_mine_corners: _Optional[_Iterable[int]] = ..., bonus_vp: _Optional[int] = ..., bonus: _Optional[_Union[CatanBoard.GoldMineBonus, str]] = ...) -> None: ...
    class Sea(_message.Message):
        __slots__ = ("scenario", "frame", "islands", "hex_island", "hex_q", "road_edges", "ship_edges", "sites", "corner_island", "fog", "fog_hexes", "fog_tokens", "pirate", "bonus", "bonus_vp", "ships", "ship_cost")
        class Island(_message.Message):
            __slots__ = ("id", "name", "hexes", "setup", "bonus")
            ID_FIELD_NUMBER: _ClassVar[int]
            NAME_FIELD_NUMBER: _ClassVar[int]
            HEXES_FIELD_NUMBER: _ClassVar[int]
            SETUP_FIELD_NUMBER: _ClassVar[int]
            BONUS_FIELD_NUMBER: _ClassVar[int]
            id: int
            name: str
            hexes: _containers.RepeatedScalarFieldContainer[int]
            setup: bool
            bonus: bool
            def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., hexes: _Optional[_Iterable[int]] = ..., setup: _Optional[bool] = ..., bonus: _Optional[bool] = ...) -> None: ...
        SCENARIO_FIELD_NUMBER: _ClassVar[int]
        FRAME_FIELD_NUMBER: _ClassVar[int]
        ISLANDS_FIELD_NUMBER: _ClassVar[int]
        HEX_ISLAND_FIELD_NUMBER: _ClassVar[int]
        HEX_Q_FIELD_NUMBER: _ClassVar[int]
        ROAD_EDGES_FIELD_NUMBER: _ClassVar[int]
        SHIP_EDGES_FIELD_NUMBER: _ClassVar[int]
        SITES_FIELD_NUMBER: _ClassVar[int]
        CORNER_ISLAND_FIELD_NUMBER: _ClassVar[int]
        FOG_FIELD_NUMBER: _ClassVar[int]
        FOG_HEXES_FIELD_NUMBER: _ClassVar[int]
        FOG_TOKENS_FIELD_NUMBER: _ClassVar[int]
        PIRATE_FIELD_NUMBER: _ClassVar[int]
        BONUS_FIELD_NUMBER: _ClassVar[int]
        BONUS_VP_FIELD_NUMBER: _ClassVar[int]
        SHIPS_FIELD_NUMBER: _ClassVar[int]
        SHIP_COST_FIELD_NUMBER: _ClassVar[int]
        scenario: str
        frame: str
        islands: _containers.RepeatedCompositeFieldContainer[CatanBoard.Sea.Island]
        hex_island: _containers.RepeatedScalarFieldContainer[int]
        hex_q: _containers.RepeatedScalarFieldContainer[int]
        road_edges: _containers.RepeatedScalarFieldContainer[bool]
        ship_edges: _containers.RepeatedScalarFieldContainer[bool]
        sites: _containers.RepeatedScalarFieldContainer[bool]
        corner_island: _containers.RepeatedScalarFieldContainer[int]
        fog: _containers.RepeatedScalarFieldContainer[int]
        fog_hexes: _containers.RepeatedScalarFieldContainer[int]
        fog_tokens: _containers.RepeatedScalarFieldContainer[int]
        pirate: int
        bonus: str
        bonus_vp: int
        ships: int
        ship_cost: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, scenario: _Optional[str] = ..., frame: _Optional[str] = ..., islands: _Optional[_Iterable[_Union[CatanBoard.Sea.Island, _Mapping]]] = ..., hex_island: _Optional[_Iterable[int]] = ..., hex_q: _Optional[_Iterable[int]] = ..., road_edges: _Optional[_Iterable[bool]] = ..., ship_edges: _Optional[_Iterable[bool]] = ..., sites: _Optional[_Iterable[bool]] = ..., corner_island: _Optional[_Iterable[int]] = ..., fog: _Optional[_Iterable[int]] = ..., fog_hexes: _Optional[_Iterable[int]] = ..., fog_tokens: _Optional[_Iterable[int]] = ..., pirate: _Optional[int] = ..., bonus: _Optional[str] = ..., bonus_vp: _Optional[int] = ..., ships: _Optional[int] = ..., ship_cost: _Optional[_Iterable[int]] = ...) -> None: ...
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    HEXES_FIELD_NUMBER: _ClassVar[int]
    CORNERS_FIELD_NUMBER: _ClassVar[int]
    EDGES_FIELD_NUMBER: _ClassVar[int]
    HARBORS_FIELD_NUMBER: _ClassVar[int]
    ROBBER_FIELD_NUMBER: _ClassVar[int]
    SEA_FIELD_NUMBER: _ClassVar[int]
    JUNGLE_FIELD_NUMBER: _ClassVar[int]
    RIVER_FIELD_NUMBER: _ClassVar[int]
    layout: str
    rows: _containers.RepeatedScalarFieldContainer[int]
    hexes: _containers.RepeatedCompositeFieldContainer[CatanBoard.Hex]
    corners: _containers.RepeatedCompositeFieldContainer[CatanBoard.Corner]
    edges: _containers.RepeatedCompositeFieldContainer[CatanBoard.Edge]
    harbors: _containers.RepeatedCompositeFieldContainer[CatanBoard.Harbor]
    robber: int
    sea: CatanBoard.Sea
    jungle: CatanBoard.Jungle
    river: CatanBoard.River
    def __init__(self, layout: _Optional[str] = ..., rows: _Optional[_Iterable[int]] = ..., hexes: _Optional[_Iterable[_Union[CatanBoard.Hex, _Mapping]]] = ..., corners: _Optional[_Iterable[_Union[CatanBoard.Corner, _Mapping]]] = ..., edges: _Optional[_Iterable[_Union[CatanBoard.Edge, _Mapping]]] = ..., harbors: _Optional[_Iterable[_Union[CatanBoard.Harbor, _Mapping]]] = ..., robber: _Optional[int] = ..., sea: _Optional[_Union[CatanBoard.Sea, _Mapping]] = ..., jungle: _Optional[_Union[CatanBoard.Jungle, _Mapping]] = ..., river: _Optional[_Union[CatanBoard.River, _Mapping]] = ...) -> None: ...
