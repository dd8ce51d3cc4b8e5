from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PuertoRicoGood(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PUERTO_RICO_GOOD_UNSPECIFIED: _ClassVar[PuertoRicoGood]
    PUERTO_RICO_GOOD_CORN: _ClassVar[PuertoRicoGood]
    PUERTO_RICO_GOOD_INDIGO: _ClassVar[PuertoRicoGood]
    PUERTO_RICO_GOOD_SUGAR: _ClassVar[PuertoRicoGood]
    PUERTO_RICO_GOOD_TOBACCO: _ClassVar[PuertoRicoGood]
    PUERTO_RICO_GOOD_COFFEE: _ClassVar[PuertoRicoGood]

class PuertoRicoTile(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PUERTO_RICO_TILE_UNSPECIFIED: _ClassVar[PuertoRicoTile]
    PUERTO_RICO_TILE_CORN: _ClassVar[PuertoRicoTile]
    PUERTO_RICO_TILE_INDIGO: _ClassVar[PuertoRicoTile]
    PUERTO_RICO_TILE_SUGAR: _ClassVar[PuertoRicoTile]
    PUERTO_RICO_TILE_TOBACCO: _ClassVar[PuertoRicoTile]
    PUERTO_RICO_TILE_COFFEE: _ClassVar[PuertoRicoTile]
    PUERTO_RICO_TILE_QUARRY: _ClassVar[PuertoRicoTile]

class PuertoRicoBuilding(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PUERTO_RICO_BUILDING_UNSPECIFIED: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_SMALL_INDIGO_PLANT: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_SMALL_SUGAR_MILL: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_SMALL_MARKET: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_HACIENDA: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_CONSTRUCTION_HUT: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_SMALL_WAREHOUSE: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_INDIGO_PLANT: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_SUGAR_MILL: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_HOSPICE: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_OFFICE: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_LARGE_MARKET: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_LARGE_WAREHOUSE: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_TOBACCO_STORAGE: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_COFFEE_ROASTER: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_FACTORY: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_UNIVERSITY: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_HARBOR: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_WHARF: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_GUILD_HALL: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_RESIDENCE: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_FORTRESS: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_CUSTOMS_HOUSE: _ClassVar[PuertoRicoBuilding]
    PUERTO_RICO_BUILDING_CITY_HALL: _ClassVar[PuertoRicoBuilding]
PUERTO_RICO_GOOD_UNSPECIFIED: PuertoRicoGood
PUERTO_RICO_GOOD_CORN: PuertoRicoGood
PUERTO_RICO_GOOD_INDIGO: PuertoRicoGood
PUERTO_RICO_GOOD_SUGAR: PuertoRicoGood
PUERTO_RICO_GOOD_TOBACCO: PuertoRicoGood
PUERTO_RICO_GOOD_COFFEE: PuertoRicoGood
PUERTO_RICO_TILE_UNSPECIFIED: PuertoRicoTile
PUERTO_RICO_TILE_CORN: PuertoRicoTile
PUERTO_RICO_TILE_INDIGO: PuertoRicoTile
PUERTO_RICO_TILE_SUGAR: PuertoRicoTile
PUERTO_RICO_TILE_TOBACCO: PuertoRicoTile
PUERTO_RICO_TILE_COFFEE: PuertoRicoTile
PUERTO_RICO_TILE_QUARRY: PuertoRicoTile
PUERTO_RICO_BUILDING_UNSPECIFIED: PuertoRicoBuilding
PUERTO_RICO_BUILDING_SMALL_INDIGO_PLANT: PuertoRicoBuilding
PUERTO_RICO_BUILDING_SMALL_SUGAR_MILL: PuertoRicoBuilding
PUERTO_RICO_BUILDING_SMALL_MARKET: PuertoRicoBuilding
PUERTO_RICO_BUILDING_HACIENDA: PuertoRicoBuilding
PUERTO_RICO_BUILDING_CONSTRUCTION_HUT: PuertoRicoBuilding
PUERTO_RICO_BUILDING_SMALL_WAREHOUSE: PuertoRicoBuilding
PUERTO_RICO_BUILDING_INDIGO_PLANT: PuertoRicoBuilding
PUERTO_RICO_BUILDING_SUGAR_MILL: PuertoRicoBuilding
PUERTO_RICO_BUILDING_HOSPICE: PuertoRicoBuilding
PUERTO_RICO_BUILDING_OFFICE: PuertoRicoBuilding
PUERTO_RICO_BUILDING_LARGE_MARKET: PuertoRicoBuilding
PUERTO_RICO_BUILDING_LARGE_WAREHOUSE: PuertoRicoBuilding
PUERTO_RICO_BUILDING_TOBACCO_STORAGE: PuertoRicoBuilding
PUERTO_RICO_BUILDING_COFFEE_ROASTER: PuertoRicoBuilding
PUERTO_RICO_BUILDING_FACTORY: PuertoRicoBuilding
PUERTO_RICO_BUILDING_UNIVERSITY: PuertoRicoBuilding
PUERTO_RICO_BUILDING_HARBOR: PuertoRicoBuilding
PUERTO_RICO_BUILDING_WHARF: PuertoRicoBuilding
PUERTO_RICO_BUILDING_GUILD_HALL: PuertoRicoBuilding
PUERTO_RICO_BUILDING_RESIDENCE: PuertoRicoBuilding
PUERTO_RICO_BUILDING_FORTRESS: PuertoRicoBuilding
PUERTO_RICO_BUILDING_CUSTOMS_HOUSE: PuertoRicoBuilding
PUERTO_RICO_BUILDING_CITY_HALL: PuertoRicoBuilding

class PuertoRicoAction(_message.Message):
    __slots__ = ("choose_role", "hacienda_draw", "hacienda_quarry", "take_plantation", "take_quarry", "hospice_colonist", "mayor_privilege", "place_tile", "place_building", "build", "university_colonist", "produce", "extra", "sell", "ship", "wharf", "warehouse", "keep", "decline")
    class ChooseRole(_message.Message):
        __slots__ = ("tile",)
        TILE_FIELD_NUMBER: _ClassVar[int]
        tile: int
        def __init__(self, tile: _Optional[int] = ...) -> None: ...
    class HaciendaDraw(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class HaciendaQuarry(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TakePlantation(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PuertoRicoGood
        def __init__(self, kind: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class TakeQuarry(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class HospiceColonist(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class MayorPrivilege(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PlaceTile(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PuertoRicoTile
        def __init__(self, kind: _Optional[_Union[PuertoRicoTile, str]] = ...) -> None: ...
    class PlaceBuilding(_message.Message):
        __slots__ = ("building",)
        BUILDING_FIELD_NUMBER: _ClassVar[int]
        building: PuertoRicoBuilding
        def __init__(self, building: _Optional[_Union[PuertoRicoBuilding, str]] = ...) -> None: ...
    class Build(_message.Message):
        __slots__ = ("building",)
        BUILDING_FIELD_NUMBER: _ClassVar[int]
        building: PuertoRicoBuilding
        def __init__(self, building: _Optional[_Union[PuertoRicoBuilding, str]] = ...) -> None: ...
    class UniversityColonist(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Produce(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Extra(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PuertoRicoGood
        def __init__(self, kind: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class Sell(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PuertoRicoGood
        def __init__(self, kind: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class Ship(_message.Message):
        __slots__ = ("kind", "capacity")
        KIND_FIELD_NUMBER: _ClassVar[int]
        CAPACITY_FIELD_NUMBER: _ClassVar[int]
        kind: PuertoRicoGood
        capacity: int
        def __init__(self, kind: _Optional[_Union[PuertoRicoGood, str]] = ..., capacity: _Optional[int] = ...) -> None: ...
    class Wharf(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PuertoRicoGood
        def __init__(self, kind: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class Warehouse(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PuertoRicoGood
        def __init__(self, kind: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class Keep(_message.Message):
        __slots__ = ("kind",)
        KIND_FIELD_NUMBER: _ClassVar[int]
        kind: PuertoRicoGood
        def __init__(self, kind: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class Decline(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Pass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    CHOOSE_ROLE_FIELD_NUMBER: _ClassVar[int]
    HACIENDA_DRAW_FIELD_NUMBER: _ClassVar[int]
    HACIENDA_QUARRY_FIELD_NUMBER: _ClassVar[int]
    TAKE_PLANTATION_FIELD_NUMBER: _ClassVar[int]
    TAKE_QUARRY_FIELD_NUMBER: _ClassVar[int]
    HOSPICE_COLONIST_FIELD_NUMBER: _ClassVar[int]
    MAYOR_PRIVILEGE_FIELD_NUMBER: _ClassVar[int]
    PLACE_TILE_FIELD_NUMBER: _ClassVar[int]
    PLACE_BUILDING_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    UNIVERSITY_COLONIST_FIELD_NUMBER: _ClassVar[int]
    PRODUCE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    SELL_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    WHARF_FIELD_NUMBER: _ClassVar[int]
    WAREHOUSE_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    DECLINE_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    choose_role: PuertoRicoAction.ChooseRole
    hacienda_draw: PuertoRicoAction.HaciendaDraw
    hacienda_quarry: PuertoRicoAction.HaciendaQuarry
    take_plantation: PuertoRicoAction.TakePlantation
    take_quarry: PuertoRicoAction.TakeQuarry
    hospice_colonist: PuertoRicoAction.HospiceColonist
    mayor_privilege: PuertoRicoAction.MayorPrivilege
    place_tile: PuertoRicoAction.PlaceTile
    place_building: PuertoRicoAction.PlaceBuilding
    build: PuertoRicoAction.Build
    university_colonist: PuertoRicoAction.UniversityColonist
    produce: PuertoRicoAction.Produce
    extra: PuertoRicoAction.Extra
    sell: PuertoRicoAction.Sell
    ship: PuertoRicoAction.Ship
    wharf: PuertoRicoAction.Wharf
    warehouse: PuertoRicoAction.Warehouse
    keep: PuertoRicoAction.Keep
    decline: PuertoRicoAction.Decline
    def __init__(self, choose_role: _Optional[_Union[PuertoRicoAction.ChooseRole, _Mapping]] = ..., hacienda_draw: _Optional[_Union[PuertoRicoAction.HaciendaDraw, _Mapping]] = ..., hacienda_quarry: _Optional[_Union[PuertoRicoAction.HaciendaQuarry, _Mapping]] = ..., take_plantation: _Optional[_Union[PuertoRicoAction.TakePlantation, _Mapping]] = ..., take_quarry: _Optional[_Union[PuertoRicoAction.TakeQuarry, _Mapping]] = ..., hospice_colonist: _Optional[_Union[PuertoRicoAction.HospiceColonist, _Mapping]] = ..., mayor_privilege: _Optional[_Union[PuertoRicoAction.MayorPrivilege, _Mapping]] = ..., place_tile: _Optional[_Union[PuertoRicoAction.PlaceTile, _Mapping]] = ..., place_building: _Optional[_Union[PuertoRicoAction.PlaceBuilding, _Mapping]] = ..., build: _Optional[_Union[PuertoRicoAction.Build, _Mapping]] = ..., university_colonist: _Optional[_Union[PuertoRicoAction.UniversityColonist, _Mapping]] = ..., produce: _Optional[_Union[PuertoRicoAction.Produce, _Mapping]] = ..., extra: _Optional[_Union[PuertoRicoAction.Extra, _Mapping]] = ..., sell: _Optional[_Union[PuertoRicoAction.Sell, _Mapping]] = ..., ship: _Optional[_Union[PuertoRicoAction.Ship, _Mapping]] = ..., wharf: _Optional[_Union[PuertoRicoAction.Wharf, _Mapping]] = ..., warehouse: _Optional[_Union[PuertoRicoAction.Warehouse, _Mapping]] = ..., keep: _Optional[_Union[PuertoRicoAction.Keep, _Mapping]] = ..., decline: _Optional[_Union[PuertoRicoAction.Decline, _Mapping]] = ..., **kwargs) -> None: ...

class PuertoRicoObservation(_message.Message):
    __slots__ = ("seat", "players", "round", "governor", "to_move", "decision", "stack", "end_triggered", "game_over", "colonist_supply", "colonist_ship", "vp_supply", "quarries", "goods_supply", "trading_house", "ships", "roles", "plantation_row", "deck_size", "discard", "building_supply", "craftsman_received", "captain_bonus_used", "seats")
    class Ship(_message.Message):
        __slots__ = ("capacity", "kind", "count")
        CAPACITY_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        capacity: int
        kind: str
        count: int
        def __init__(self, capacity: _Optional[int] = ..., kind: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...
    class Role(_message.Message):
        __slots__ = ("name", "doubloons", "taken_by")
        NAME_FIELD_NUMBER: _ClassVar[int]
        DOUBLOONS_FIELD_NUMBER: _ClassVar[int]
        TAKEN_BY_FIELD_NUMBER: _ClassVar[int]
        name: str
        doubloons: int
        taken_by: int
        def __init__(self, name: _Optional[str] = ..., doubloons: _Optional[int] = ..., taken_by: _Optional[int] = ...) -> None: ...
    class Island(_message.Message):
        __slots__ = ("kind", "tiles", "occupied")
        KIND_FIELD_NUMBER: _ClassVar[int]
        TILES_FIELD_NUMBER: _ClassVar[int]
        OCCUPIED_FIELD_NUMBER: _ClassVar[int]
        kind: str
        tiles: int
        occupied: int
        def __init__(self, kind: _Optional[str] = ..., tiles: _Optional[int] = ..., occupied: _Optional[int] = ...) -> None: ...
    class Building(_message.Message):
        __slots__ = ("name", "colonists")
        NAME_FIELD_NUMBER: _ClassVar[int]
        COLONISTS_FIELD_NUMBER: _ClassVar[int]
        name: str
        colonists: int
        def __init__(self, name: _Optional[str] = ..., colonists: _Optional[int] = ...) -> None: ...
    class Seat(_message.Message):
        __slots__ = ("seat", "doubloons", "vp", "goods", "san_juan", "island", "city", "city_spaces", "took_quarry", "used_wharf")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DOUBLOONS_FIELD_NUMBER: _ClassVar[int]
        VP_FIELD_NUMBER: _ClassVar[int]
        GOODS_FIELD_NUMBER: _ClassVar[int]
        SAN_JUAN_FIELD_NUMBER: _ClassVar[int]
        ISLAND_FIELD_NUMBER: _ClassVar[int]
        CITY_FIELD_NUMBER: _ClassVar[int]
        CITY_SPACES_FIELD_NUMBER: _ClassVar[int]
        TOOK_QUARRY_FIELD_NUMBER: _ClassVar[int]
        USED_WHARF_FIELD_NUMBER: _ClassVar[int]
        seat: int
        doubloons: int
        vp: int
        goods: _containers.RepeatedScalarFieldContainer[int]
        san_juan: int
        island: _containers.RepeatedCompositeFieldContainer[PuertoRicoObservation.Island]
        city: _containers.RepeatedCompositeFieldContainer[PuertoRicoObservation.Building]
        city_spaces: int
        took_quarry: bool
        used_wharf: bool
        def __init__(self, seat: _Optional[int] = ..., doubloons: _Optional[int] = ..., vp: _Optional[int] = ..., goods: _Optional[_Iterable[int]] = ..., san_juan: _Optional[int] = ..., island: _Optional[_Iterable[_Union[PuertoRicoObservation.Island, _Mapping]]] = ..., city: _Optional[_Iterable[_Union[PuertoRicoObservation.Building, _Mapping]]] = ..., city_spaces: _Optional[int] = ..., took_quarry: _Optional[bool] = ..., used_wharf: _Optional[bool] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    GOVERNOR_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    COLONIST_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    COLONIST_SHIP_FIELD_NUMBER: _ClassVar[int]
    VP_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    QUARRIES_FIELD_NUMBER: _ClassVar[int]
    GOODS_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    TRADING_HOUSE_FIELD_NUMBER: _ClassVar[int]
    SHIPS_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    PLANTATION_ROW_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    BUILDING_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    CRAFTSMAN_RECEIVED_FIELD_NUMBER: _ClassVar[int]
    CAPTAIN_BONUS_USED_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    players: int
    round: int
    governor: int
    to_move: _containers.RepeatedScalarFieldContainer[int]
    decision: str
    stack: _containers.RepeatedScalarFieldContainer[str]
    end_triggered: bool
    game_over: bool
    colonist_supply: int
    colonist_ship: int
    vp_supply: int
    quarries: int
    goods_supply: _containers.RepeatedScalarFieldContainer[int]
    trading_house: _containers.RepeatedScalarFieldContainer[str]
    ships: _containers.RepeatedCompositeFieldContainer[PuertoRicoObservation.Ship]
    roles: _containers.RepeatedCompositeFieldContainer[PuertoRicoObservation.Role]
    plantation_row: _containers.RepeatedScalarFieldContainer[str]
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    building_supply: _containers.RepeatedScalarFieldContainer[int]
    craftsman_received: _containers.RepeatedScalarFieldContainer[str]
    captain_bonus_used: bool
    seats: _containers.RepeatedCompositeFieldContainer[PuertoRicoObservation.Seat]
    def __init__(self, seat: _Optional[int] = ..., players: _Optional[int] = ..., round: _Optional[int] = ..., governor: _Optional[int] = ..., to_move: _Optional[_Iterable[int]] = ..., decision: _Optional[str] = ..., stack: _Optional[_Iterable[str]] = ..., end_triggered: _Optional[bool] = ..., game_over: _Optional[bool] = ..., colonist_supply: _Optional[int] = ..., colonist_ship: _Optional[int] = ..., vp_supply: _Optional[int] = ..., quarries: _Optional[int] = ..., goods_supply: _Optional[_Iterable[int]] = ..., trading_house: _Optional[_Iterable[str]] = ..., ships: _Optional[_Iterable[_Union[PuertoRicoObservation.Ship, _Mapping]]] = ..., roles: _Optional[_Iterable[_Union[PuertoRicoObservation.Role, _Mapping]]] = ..., plantation_row: _Optional[_Iterable[str]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., building_supply: _Optional[_Iterable[int]] = ..., craftsman_received: _Optional[_Iterable[str]] = ..., captain_bonus_used: _Optional[bool] = ..., seats: _Optional[_Iterable[_Union[PuertoRicoObservation.Seat, _Mapping]]] = ...) -> None: ...

class PuertoRicoEvent(_message.Message):
    __slots__ = ("role", "round", "game_over", "settle", "hacienda", "hospice", "row", "reshuffle", "privilege", "colonists", "ship_refill", "build", "university", "produce", "extra", "sell", "house_emptied", "ship", "warehouse", "keep", "ships_emptied", "prospector", "end_trigger")
    class Role(_message.Message):
        __slots__ = ("seat", "role", "doubloons")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ROLE_FIELD_NUMBER: _ClassVar[int]
        DOUBLOONS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        role: int
        doubloons: int
        def __init__(self, seat: _Optional[int] = ..., role: _Optional[int] = ..., doubloons: _Optional[int] = ...) -> None: ...
    class Round(_message.Message):
        __slots__ = ("round", "governor")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        GOVERNOR_FIELD_NUMBER: _ClassVar[int]
        round: int
        governor: int
        def __init__(self, round: _Optional[int] = ..., governor: _Optional[int] = ...) -> None: ...
    class GameOver(_message.Message):
        __slots__ = ("round", "scores")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        SCORES_FIELD_NUMBER: _ClassVar[int]
        round: int
        scores: _containers.RepeatedScalarFieldContainer[float]
        def __init__(self, round: _Optional[int] = ..., scores: _Optional[_Iterable[float]] = ...) -> None: ...
    class Settle(_message.Message):
        __slots__ = ("seat", "tile")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TILE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        tile: PuertoRicoTile
        def __init__(self, seat: _Optional[int] = ..., tile: _Optional[_Union[PuertoRicoTile, str]] = ...) -> None: ...
    class Hacienda(_message.Message):
        __slots__ = ("seat", "tile")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TILE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        tile: PuertoRicoTile
        def __init__(self, seat: _Optional[int] = ..., tile: _Optional[_Union[PuertoRicoTile, str]] = ...) -> None: ...
    class Hospice(_message.Message):
        __slots__ = ("seat", "tile")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TILE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        tile: PuertoRicoTile
        def __init__(self, seat: _Optional[int] = ..., tile: _Optional[_Union[PuertoRicoTile, str]] = ...) -> None: ...
    class Row(_message.Message):
        __slots__ = ("row",)
        ROW_FIELD_NUMBER: _ClassVar[int]
        row: _containers.RepeatedScalarFieldContainer[PuertoRicoTile]
        def __init__(self, row: _Optional[_Iterable[_Union[PuertoRicoTile, str]]] = ...) -> None: ...
    class Reshuffle(_message.Message):
        __slots__ = ("deck",)
        DECK_FIELD_NUMBER: _ClassVar[int]
        deck: int
        def __init__(self, deck: _Optional[int] = ...) -> None: ...
    class Privilege(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Colonists(_message.Message):
        __slots__ = ("received",)
        RECEIVED_FIELD_NUMBER: _ClassVar[int]
        received: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, received: _Optional[_Iterable[int]] = ...) -> None: ...
    class ShipRefill(_message.Message):
        __slots__ = ("colonists",)
        COLONISTS_FIELD_NUMBER: _ClassVar[int]
        colonists: int
        def __init__(self, colonists: _Optional[int] = ...) -> None: ...
    class Build(_message.Message):
        __slots__ = ("seat", "building", "paid")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BUILDING_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        seat: int
        building: PuertoRicoBuilding
        paid: int
        def __init__(self, seat: _Optional[int] = ..., building: _Optional[_Union[PuertoRicoBuilding, str]] = ..., paid: _Optional[int] = ...) -> None: ...
    class University(_message.Message):
        __slots__ = ("seat", "building")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BUILDING_FIELD_NUMBER: _ClassVar[int]
        seat: int
        building: PuertoRicoBuilding
        def __init__(self, seat: _Optional[int] = ..., building: _Optional[_Union[PuertoRicoBuilding, str]] = ...) -> None: ...
    class Produce(_message.Message):
        __slots__ = ("seat", "goods", "factory")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GOODS_FIELD_NUMBER: _ClassVar[int]
        FACTORY_FIELD_NUMBER: _ClassVar[int]
        seat: int
        goods: _containers.RepeatedScalarFieldContainer[int]
        factory: int
        def __init__(self, seat: _Optional[int] = ..., goods: _Optional[_Iterable[int]] = ..., factory: _Optional[int] = ...) -> None: ...
    class Extra(_message.Message):
        __slots__ = ("seat", "good")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GOOD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        good: PuertoRicoGood
        def __init__(self, seat: _Optional[int] = ..., good: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class Sell(_message.Message):
        __slots__ = ("seat", "good", "doubloons")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GOOD_FIELD_NUMBER: _ClassVar[int]
        DOUBLOONS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        good: PuertoRicoGood
        doubloons: int
        def __init__(self, seat: _Optional[int] = ..., good: _Optional[_Union[PuertoRicoGood, str]] = ..., doubloons: _Optional[int] = ...) -> None: ...
    class HouseEmptied(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Ship(_message.Message):
        __slots__ = ("seat", "good", "barrels", "capacity", "wharf", "vp")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GOOD_FIELD_NUMBER: _ClassVar[int]
        BARRELS_FIELD_NUMBER: _ClassVar[int]
        CAPACITY_FIELD_NUMBER: _ClassVar[int]
        WHARF_FIELD_NUMBER: _ClassVar[int]
        VP_FIELD_NUMBER: _ClassVar[int]
        seat: int
        good: PuertoRicoGood
        barrels: int
        capacity: int
        wharf: bool
        vp: int
        def __init__(self, seat: _Optional[int] = ..., good: _Optional[_Union[PuertoRicoGood, str]] = ..., barrels: _Optional[int] = ..., capacity: _Optional[int] = ..., wharf: _Optional[bool] = ..., vp: _Optional[int] = ...) -> None: ...
    class Warehouse(_message.Message):
        __slots__ = ("seat", "good")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GOOD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        good: PuertoRicoGood
        def __init__(self, seat: _Optional[int] = ..., good: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class Keep(_message.Message):
        __slots__ = ("seat", "good")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GOOD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        good: PuertoRicoGood
        def __init__(self, seat: _Optional[int] = ..., good: _Optional[_Union[PuertoRicoGood, str]] = ...) -> None: ...
    class ShipsEmptied(_message.Message):
        __slots__ = ("ships",)
        SHIPS_FIELD_NUMBER: _ClassVar[int]
        ships: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, ships: _Optional[_Iterable[int]] = ...) -> None: ...
    class Prospector(_message.Message):
        __slots__ = ("seat", "doubloons")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DOUBLOONS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        doubloons: int
        def __init__(self, seat: _Optional[int] = ..., doubloons: _Optional[int] = ...) -> None: ...
    class EndTrigger(_message.Message):
        __slots__ = ("reason", "seat", "supply", "needed")
        class Reason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            REASON_UNSPECIFIED: _ClassVar[PuertoRicoEvent.EndTrigger.Reason]
            REASON_CITY: _ClassVar[PuertoRicoEvent.EndTrigger.Reason]
            REASON_VP_CHIPS: _ClassVar[PuertoRicoEvent.EndTrigger.Reason]
            REASON_COLONISTS: _ClassVar[PuertoRicoEvent.EndTrigger.Reason]
        REASON_UNSPECIFIED: PuertoRicoEvent.EndTrigger.Reason
        REASON_CITY: PuertoRicoEvent.EndTrigger.Reason
        REASON_VP_CHIPS: PuertoRicoEvent.EndTrigger.Reason
        REASON_COLONISTS: PuertoRicoEvent.EndTrigger.Reason
        REASON_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SUPPLY_FIELD_NUMBER: _ClassVar[int]
        NEEDED_FIELD_NUMBER: _ClassVar[int]
        reason: PuertoRicoEvent.EndTrigger.Reason
        seat: int
        supply: int
        needed: int
        def __init__(self, reason: _Optional[_Union[PuertoRicoEvent.EndTrigger.Reason, str]] = ..., seat: _Optional[int] = ..., supply: _Optional[int] = ..., needed: _Optional[int] = ...) -> None: ...
    ROLE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    SETTLE_FIELD_NUMBER: _ClassVar[int]
    HACIENDA_FIELD_NUMBER: _ClassVar[int]
    HOSPICE_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLE_FIELD_NUMBER: _ClassVar[int]
    PRIVILEGE_FIELD_NUMBER: _ClassVar[int]
    COLONISTS_FIELD_NUMBER: _ClassVar[int]
    SHIP_REFILL_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    UNIVERSITY_FIELD_NUMBER: _ClassVar[int]
    PRODUCE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    SELL_FIELD_NUMBER: _ClassVar[int]
    HOUSE_EMPTIED_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    WAREHOUSE_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    SHIPS_EMPTIED_FIELD_NUMBER: _ClassVar[int]
    PROSPECTOR_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGER_FIELD_NUMBER: _ClassVar[int]
    role: PuertoRicoEvent.Role
    round: PuertoRicoEvent.Round
    game_over: PuertoRicoEvent.GameOver
    settle: PuertoRicoEvent.Settle
    hacienda: PuertoRicoEvent.Hacienda
    hospice: PuertoRicoEvent.Hospice
    row: PuertoRicoEvent.Row
    reshuffle: PuertoRicoEvent.Reshuffle
    privilege: PuertoRicoEvent.Privilege
    colonists: PuertoRicoEvent.Colonists
    ship_refill: PuertoRicoEvent.ShipRefill
    build: PuertoRicoEvent.Build
    university: PuertoRicoEvent.University
    produce: PuertoRicoEvent.Produce
    extra: PuertoRicoEvent.Extra
    sell: PuertoRicoEvent.Sell
    house_emptied: PuertoRicoEvent.HouseEmptied
    ship: PuertoRicoEvent.Ship
    warehouse: PuertoRicoEvent.Warehouse
    keep: PuertoRicoEvent.Keep
    ships_emptied: PuertoRicoEvent.ShipsEmptied
    prospector: PuertoRicoEvent.Prospector
    end_trigger: PuertoRicoEvent.EndTrigger
    def __init__(self, role: _Optional[_Union[PuertoRicoEvent.Role, _Mapping]] = ..., round: _Optional[_Union[PuertoRicoEvent.Round, _Mapping]] = ..., game_over: _Optional[_Union[PuertoRicoEvent.GameOver, _Mapping]] = ..., settle: _Optional[_Union[PuertoRicoEvent.Settle, _Mapping]] = ..., hacienda: _Optional[_Union[PuertoRicoEvent.Hacienda, _Mapping]] = ..., hospice: _Optional[_Union[PuertoRicoEvent.Hospice, _Mapping]] = ..., row: _Optional[_Union[PuertoRicoEvent.Row, _Mapping]] = ..., reshuffle: _Optional[_Union[PuertoRicoEvent.Reshuffle, _Mapping]] = ..., privilege: _Optional[_Union[PuertoRicoEvent.Privilege, _Mapping]] = ..., colonists: _Optional[_Union[PuertoRicoEvent.Colonists, _Mapping]] = ..., ship_refill: _Optional[_Union[PuertoRicoEvent.ShipRefill, _Mapping]] = ..., build: _Optional[_Union[PuertoRicoEvent.Build, _Mapping]] = ..., university: _Optional[_Union[PuertoRicoEvent.University, _Mapping]] = ..., produce: _Optional[_Union[PuertoRicoEvent.Produce, _Mapping]] = ..., extra: _Optional[_Union[PuertoRicoEvent.Extra, _Mapping]] = ..., sell: _Optional[_Union[PuertoRicoEvent.Sell, _Mapping]] = ..., house_emptied: _Optional[_Union[PuertoRicoEvent.HouseEmptied, _Mapping]] = ..., ship: _Optional[_Union[PuertoRicoEvent.Ship, _Mapping]] = ..., warehouse: _Optional[_Union[PuertoRicoEvent.Warehouse, _Mapping]] = ..., keep: _Optional[_Union[PuertoRicoEvent.Keep, _Mapping]] = ..., ships_emptied: _Optional[_Union[PuertoRicoEvent.ShipsEmptied, _Mapping]] = ..., prospector: _Optional[_Union[PuertoRicoEvent.Prospector, _Mapping]] = ..., end_trigger: _Optional[_Union[PuertoRicoEvent.EndTrigger, _Mapping]] = ...) -> None: ...

class PuertoRicoResultDetails(_message.Message):
    __slots__ = ("tiebreak", "chips", "building_vp", "bonus_vp", "rounds")
    TIEBREAK_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    BUILDING_VP_FIELD_NUMBER: _ClassVar[int]
    BONUS_VP_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    tiebreak: _containers.RepeatedScalarFieldContainer[int]
    chips: _containers.RepeatedScalarFieldContainer[int]
    building_vp: _containers.RepeatedScalarFieldContainer[int]
    bonus_vp: _containers.RepeatedScalarFieldContainer[int]
    rounds: int
    def __init__(self, tiebreak: _Optional[_Iterable[int]] = ..., chips: _Optional[_Iterable[int]] = ..., building_vp: _Optional[_Iterable[int]] = ..., bonus_vp: _Optional[_Iterable[int]] = ..., rounds: _Optional[int] = ...) -> None: ...

class PuertoRicoTables(_message.Message):
    __slots__ = ("buildings", "goods", "roles", "quarries", "island_spaces", "city_spaces", "trading_house", "factory_bonus", "doubloons", "vp_chips", "colonists", "colonist_ship", "ships", "start_tiles")
    class Building(_message.Message):
        __slots__ = ("id", "building", "name", "cost", "vp", "circles", "column", "size", "kind", "produces", "copies")
        ID_FIELD_NUMBER: _ClassVar[int]
        BUILDING_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        VP_FIELD_NUMBER: _ClassVar[int]
        CIRCLES_FIELD_NUMBER: _ClassVar[int]
        COLUMN_FIELD_NUMBER: _ClassVar[int]
        SIZE_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        PRODUCES_FIELD_NUMBER: _ClassVar[int]
        COPIES_FIELD_NUMBER: _ClassVar[int]
        id: int
        building: PuertoRicoBuilding
        name: str
        cost: int
        vp: int
        circles: int
        column: int
        size: int
        kind: str
        produces: PuertoRicoGood
        copies: int
        def __init__(self, id: _Optional[int] = ..., building: _Optional[_Union[PuertoRicoBuilding, str]] = ..., name: _Optional[str] = ..., cost: _Optional[int] = ..., vp: _Optional[int] = ..., circles: _Optional[int] = ..., column: _Optional[int] = ..., size: _Optional[int] = ..., kind: _Optional[str] = ..., produces: _Optional[_Union[PuertoRicoGood, str]] = ..., copies: _Optional[int] = ...) -> None: ...
    class Good(_message.Message):
        __slots__ = ("id", "good", "name", "price", "barrels", "plantations")
        ID_FIELD_NUMBER: _ClassVar[int]
        GOOD_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        PRICE_FIELD_NUMBER: _ClassVar[int]
        BARRELS_FIELD_NUMBER: _ClassVar[int]
        PLANTATIONS_FIELD_NUMBER: _ClassVar[int]
        id: int
        good: PuertoRicoGood
        name: str
        price: int
        barrels: int
        plantations: int
        def __init__(self, id: _Optional[int] = ..., good: _Optional[_Union[PuertoRicoGood, str]] = ..., name: _Optional[str] = ..., price: _Optional[int] = ..., barrels: _Optional[int] = ..., plantations: _Optional[int] = ...) -> None: ...
    class Role(_message.Message):
        __slots__ = ("tile", "name")
        TILE_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        tile: int
        name: str
        def __init__(self, tile: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    GOODS_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    QUARRIES_FIELD_NUMBER: _ClassVar[int]
    ISLAND_SPACES_FIELD_NUMBER: _ClassVar[int]
    CITY_SPACES_FIELD_NUMBER: _ClassVar[int]
    TRADING_HOUSE_FIELD_NUMBER: _ClassVar[int]
    FACTORY_BONUS_FIELD_NUMBER: _ClassVar[int]
    DOUBLOONS_FIELD_NUMBER: _ClassVar[int]
    VP_CHIPS_FIELD_NUMBER: _ClassVar[int]
    COLONISTS_FIELD_NUMBER: _ClassVar[int]
    COLONIST_SHIP_FIELD_NUMBER: _ClassVar[int]
    SHIPS_FIELD_NUMBER: _ClassVar[int]
    START_TILES_FIELD_NUMBER: _ClassVar[int]
    buildings: _containers.RepeatedCompositeFieldContainer[PuertoRicoTables.Building]
    goods: _containers.RepeatedCompositeFieldContainer[PuertoRicoTables.Good]
    roles: _containers.RepeatedCompositeFieldContainer[PuertoRicoTables.Role]
    quarries: int
    island_spaces: int
    city_spaces: int
    trading_house: int
    factory_bonus: _containers.RepeatedScalarFieldContainer[int]
    doubloons: int
    vp_chips: int
    colonists: int
    colonist_ship: int
    ships: _containers.RepeatedScalarFieldContainer[int]
    start_tiles: _containers.RepeatedScalarFieldContainer[PuertoRicoTile]
    def __init__(self, buildings: _Optional[_Iterable[_Union[PuertoRicoTables.Building, _Mapping]]] = ..., goods: _Optional[_Iterable[_Union[PuertoRicoTables.Good, _Mapping]]] = ..., roles: _Optional[_Iterable[_Union[PuertoRicoTables.Role, _Mapping]]] = ..., quarries: _Optional[int] = ..., island_spaces: _Optional[int] = ..., city_spaces: _Optional[int] = ..., trading_house: _Optional[int] = ..., factory_bonus: _Optional[_Iterable[int]] = ..., doubloons: _Optional[int] = ..., vp_chips: _Optional[int] = ..., colonists: _Optional[int] = ..., colonist_ship: _Optional[int] = ..., ships: _Optional[_Iterable[int]] = ..., start_tiles: _Optional[_Iterable[_Union[PuertoRicoTile, str]]] = ...) -> None: ...
