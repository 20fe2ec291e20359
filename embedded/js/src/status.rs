//! Status enums as numbers for the host, and their names: the host asks for the names
//! once when it loads (`gjk_status_name`), so the JavaScript side never repeats them.

use core::fmt::Debug;

use gjk_core::{CastStatus, DistanceStatus, PenetrationStatus, PointStatus, QueryError, ToiStatus};

/// The families of statuses, by number: distance, penetration, casts, time of impact,
/// point projections, and the errors of the yes-or-no queries.
pub const FAMILIES: u32 = 6;

static DISTANCE: [DistanceStatus; 4] = [
    DistanceStatus::Separated,
    DistanceStatus::Overlapping,
    DistanceStatus::MaxIterations,
    DistanceStatus::InvalidInput,
];
static PENETRATION: [PenetrationStatus; 4] = [
    PenetrationStatus::Penetrating,
    PenetrationStatus::Separated,
    PenetrationStatus::MaxIterations,
    PenetrationStatus::InvalidInput,
];
static CAST: [CastStatus; 5] = [
    CastStatus::Hit,
    CastStatus::Miss,
    CastStatus::StartsInside,
    CastStatus::MaxIterations,
    CastStatus::InvalidInput,
];
static TOI: [ToiStatus; 5] = [
    ToiStatus::Hit,
    ToiStatus::Separated,
    ToiStatus::Overlapped,
    ToiStatus::Failed,
    ToiStatus::InvalidInput,
];
static POINT: [PointStatus; 4] = [
    PointStatus::Outside,
    PointStatus::Inside,
    PointStatus::MaxIterations,
    PointStatus::InvalidInput,
];
static QUERY_ERROR: [QueryError; 2] = [QueryError::InvalidInput, QueryError::MaxIterations];

/// The number of `value` among `all` (`u32::MAX` for a variant added later and not
/// listed here, which the host shows as unknown).
fn code<T: PartialEq>(all: &[T], value: T) -> u32 {
    all.iter()
        .position(|listed| *listed == value)
        .map_or(u32::MAX, |index| index as u32)
}

/// Numbers of the statuses, one function per family.
pub fn distance(status: DistanceStatus) -> u32 {
    code(&DISTANCE, status)
}

/// See [`distance`].
pub fn penetration(status: PenetrationStatus) -> u32 {
    code(&PENETRATION, status)
}

/// See [`distance`].
pub fn cast(status: CastStatus) -> u32 {
    code(&CAST, status)
}

/// See [`distance`].
pub fn toi(status: ToiStatus) -> u32 {
    code(&TOI, status)
}

/// See [`distance`].
pub fn point(status: PointStatus) -> u32 {
    code(&POINT, status)
}

/// See [`distance`].
pub fn query_error(error: QueryError) -> u32 {
    code(&QUERY_ERROR, error)
}

/// The status numbered `code` in `family`, for its name.
pub fn lookup(family: u32, code: u32) -> Option<&'static dyn Debug> {
    let index = code as usize;
    let found: Option<&'static dyn Debug> = match family {
        0 => DISTANCE.get(index).map(|status| status as _),
        1 => PENETRATION.get(index).map(|status| status as _),
        2 => CAST.get(index).map(|status| status as _),
        3 => TOI.get(index).map(|status| status as _),
        4 => POINT.get(index).map(|status| status as _),
        5 => QUERY_ERROR.get(index).map(|status| status as _),
        _ => None,
    };
    found
}
