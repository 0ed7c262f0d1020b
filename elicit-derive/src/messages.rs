//! Every error text of the derive, in one place: the errors it reports
//! itself, and the messages it writes into the generated code, where `const`
//! evaluation panics with them. Each says what is wrong and how to fix it:
//! lowercase, no trailing period, names in backticks.

use crate::item::Item;
use crate::keys;
use crate::place::Place;

/// Text as written in code: `` `maximum = 300` ``.
pub fn code(text: &str) -> String {
    format!("`{text}`")
}

// ---------------------------------------------------------------------------
// Keys: where each goes, unknown keys, duplicates

/// A place as the messages name it.
pub fn place_name(place: Place) -> &'static str {
    match place {
        Place::Item(Item::Form(())) => "a form struct",
        Place::Item(Item::Newtype(())) => "a newtype",
        Place::Item(Item::Choice(())) => "an enum",
        Place::Field => "a field",
        Place::Variant => "a variant",
    }
}

/// Where a known key goes, for a key written at the wrong place.
pub fn home_of(key: &str) -> Option<&'static str> {
    keys::find(key).map(|key| key.home)
}

/// `message` written on a field.
pub fn misplaced_key(key: &str, place: Place, home: &str) -> String {
    format!(
        "`{key}` is not allowed on {}: it goes {home}",
        place_name(place)
    )
}

/// A key no place takes, with the closest one this place takes.
pub fn unknown_key(key: &str, suggestion: Option<&str>, allowed: &[&str]) -> String {
    let listed: Vec<String> = allowed.iter().map(|k| format!("`{k}`")).collect();
    let listed = listed.join(", ");
    match suggestion {
        Some(best) => {
            format!("unknown attribute `{key}`: did you mean `{best}`? (expected one of {listed})")
        }
        None => format!("unknown attribute `{key}`: expected one of {listed}"),
    }
}

pub const ATTRIBUTE_WITHOUT_KEYS: &str = "`#[elicit]` without keys does nothing: write keys in parentheses, such as `#[elicit(title = \"...\")]`, or remove it";

pub const ATTRIBUTE_WITH_VALUE: &str = "`#[elicit = ...]` is not how keys are written: write them in parentheses, such as `#[elicit(title = \"...\")]`";

pub const LITERAL_AS_KEY: &str =
    "a key is a name, not a literal: write `key = value`, such as `title = \"...\"`";

pub const KEY_IS_A_PATH: &str = "expected a single key such as `title`, not a path";

pub fn duplicate_key(key: &str) -> String {
    format!("duplicate attribute `{key}`: keep only one `{key}`")
}

// ---------------------------------------------------------------------------
// Values

pub fn needs_value(key: &str, example: &str) -> String {
    format!("`{key}` needs a value, such as `{key} = {example}`")
}

pub fn takes_string(key: &str) -> String {
    format!("`{key}` takes a string literal, such as `{key} = \"...\"`")
}

pub fn takes_no_value(key: &str) -> String {
    format!("`{key}` takes no value: write `#[elicit({key})]`")
}

pub const CRATE_NOT_A_PATH: &str =
    "`crate` must name a path, such as `crate = \"my_reexport::elicit\"`";

pub fn unknown_revision(wanted: &str) -> String {
    format!(
        "unknown revision `{wanted}`: use one of `2025-06-18`, `2025-11-25` or `2026-07-28`, or remove `revision`"
    )
}

pub fn unknown_case(value: &str, names: &[&str]) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    format!(
        "unknown case `{value}` for `rename_all`: use one of {}",
        names.join(", ")
    )
}

pub const FORMAT_NOT_A_STRING: &str = "`format` takes a string, such as `format = \"email\"`";

pub fn unsupported_format(wanted: &str) -> String {
    format!(
        "unsupported format `{wanted}`: use one of `email`, `uri`, `date` or `date-time`, the only formats elicitation allows, or remove `format`"
    )
}

/// `min_length = 2^64`.
pub fn count_too_large(key: &str) -> String {
    format!("`{key}` must be a whole number from 0 to 2^64-1")
}

/// `min_length = "3"`; `unit` is what is counted, `characters` or `values`.
pub fn takes_count(key: &str, unit: &str) -> String {
    format!("`{key}` takes a whole number of {unit}, such as `{key} = 3`")
}

/// `minimum = "0"`.
pub fn takes_number(key: &str) -> String {
    format!("`{key}` takes a number literal, such as `{key} = 0` or `{key} = 0.5`")
}

/// What is wrong with a number literal, after the key: `minimum = 1u8`.
pub fn bad_number(key: &str, problem: NumberProblem) -> String {
    let problem = match problem {
        NumberProblem::Suffix => "takes a plain number, without a type suffix",
        NumberProblem::TooLarge => "is too large: it must fit 128 bits",
        NumberProblem::Invalid => "is not a valid number",
        NumberProblem::Infinite => "must be a finite number",
    };
    format!("`{key}` {problem}")
}

/// Why a number literal cannot be read.
#[derive(Debug, Clone, Copy)]
pub enum NumberProblem {
    /// `1u8`.
    Suffix,
    /// Beyond 128 bits.
    TooLarge,
    /// A float literal that does not read as `f64`.
    Invalid,
    /// `1e999`.
    Infinite,
}

pub const LIST_DEFAULT_NOT_STRINGS: &str = "a multi-select `default` lists wire values as strings, such as `default = [\"red\", \"green\"]`";

pub const DEFAULT_IS_A_VARIANT: &str = "the `default` of an enum field is the wire value of a variant, written as a string, such as `default = \"red\"`";

pub const DEFAULT_NOT_A_LITERAL: &str = "`default` takes a literal: `true` or `false`, a string, a number, or a list of strings such as `[\"red\", \"green\"]` for a multi-select";

// ---------------------------------------------------------------------------
// `#[serde(...)]`

pub fn serde_per_direction(key: &str) -> String {
    format!(
        "`#[serde({key}(...))]` gives separate names per direction, and an elicitation form has one wire name: use `#[serde({key} = \"...\")]`"
    )
}

pub fn serde_changes_shape(key: &str) -> String {
    format!(
        "`#[serde({key})]` changes the shape serde reads, and an elicitation form stays a flat object of its fields: remove `{key}`, or keep this type apart from the form"
    )
}

// ---------------------------------------------------------------------------
// The shape of the item

pub const UNION: &str = "a union cannot be elicited: use a struct with named fields for a form, or a unit enum for a choice";

pub fn empty_form(ident: &syn::Ident) -> String {
    format!("the form `{ident}` has no fields: add the fields the user should fill in")
}

pub fn empty_tuple_struct(ident: &syn::Ident) -> String {
    format!(
        "the tuple struct `{ident}` has no fields to ask for: give it named fields to make a form, or wrap a single type to make a field type"
    )
}

pub fn tuple_struct(ident: &syn::Ident, fields: usize) -> String {
    format!(
        "the tuple struct `{ident}` has {fields} unnamed fields, and a form needs a name for each: name its fields to make a form, or wrap a single type to make a field type"
    )
}

pub fn unit_struct(ident: &syn::Ident) -> String {
    format!(
        "the unit struct `{ident}` has no fields to ask for: give it named fields to make a form"
    )
}

pub fn empty_enum(ident: &syn::Ident) -> String {
    format!("the enum `{ident}` has no variants, so there is nothing to choose: add unit variants")
}

pub fn variant_with_data(variant: &syn::Ident) -> String {
    format!(
        "the variant `{variant}` carries data, and an enum field is a choice among plain values: make `{variant}` a unit variant, and ask for its data in separate fields of the form"
    )
}

// ---------------------------------------------------------------------------
// Names on the wire

pub fn rename_all_disagrees(ours: &str, theirs: &str) -> String {
    format!(
        "`rename_all = \"{ours}\"` disagrees with `#[serde(rename_all = \"{theirs}\")]`: the form and serde would use different names; keep one of them"
    )
}

pub fn rename_disagrees(ours: &str, theirs: &str) -> String {
    format!(
        "`rename = \"{ours}\"` disagrees with `#[serde(rename = \"{theirs}\")]`: the form and serde would use different names; keep one of them"
    )
}

pub fn wire_name_taken(wire: &str, first: &str, second: &str) -> String {
    format!(
        "`{wire}` is the wire name of both `{first}` and `{second}`: give one of them another `rename`"
    )
}

// ---------------------------------------------------------------------------
// Secrets

/// `what` names the token that reads like a secret, such as "the field
/// `password`"; `hit` is the words found, such as "`api key`".
pub fn secret(what: &str, hit: &str) -> String {
    format!(
        "{what} looks like it asks for a secret ({hit}), and form-mode elicitation must not ask for passwords, keys, tokens or payment data: mark the field `#[elicit(secret)]` with the type `elicit_runtime::Secret` and ask the form as a web form, with `web_form`; or add `#[elicit(not_secret)]` if it holds no secret"
    )
}

/// `#[elicit(secret)]` on a field whose type would keep the value in clear
/// (`String`) or is not text at all; `label` is "the field `password:
/// String`".
pub fn secret_unfit(label: &str) -> String {
    format!(
        "`#[elicit(secret)]` needs a text field that keeps its value secret, and {label} does not: make its type `elicit_runtime::Secret` (`Option<Secret>` when optional), or `secrecy::SecretString` with the `secrecy` feature of `elicit-runtime`, which hide it from `Debug` and wipe it when dropped"
    )
}

/// A field whose type holds a secret (`Secret`, `SecretString`, a newtype
/// of one) without `#[elicit(secret)]`.
pub fn secret_unmarked(label: &str) -> String {
    format!(
        "{label} holds a secret: mark it `#[elicit(secret)]`, so the form is asked only as a web form, with `web_form`, and never in form mode"
    )
}

/// `default` beside `secret`.
pub const SECRET_DEFAULT: &str = "a secret field has no `default`: it would be written in the source and shown on every form; remove `default`";

/// `not_secret` beside `secret`.
pub const SECRET_AND_NOT_SECRET: &str =
    "`not_secret` contradicts `secret` on the same field: keep one of them";

pub fn secret_field(rust: &str) -> String {
    format!("the field `{rust}`")
}

pub fn secret_title(title: &str, rust: &str) -> String {
    format!("the title `{title}` of the field `{rust}`")
}

pub fn secret_type(ty: &syn::Ident, rust: &str) -> String {
    format!("the type `{ty}` of the field `{rust}`")
}

// ---------------------------------------------------------------------------
// Revisions

pub fn downlevel_pinned_elsewhere(revision: &str) -> String {
    format!(
        "`downlevel` sends multi-selects as booleans for a form pinned to 2025-06-18, and this form is pinned to {revision}, which has multi-selects: remove `downlevel`"
    )
}

pub const DOWNLEVEL_UNPINNED: &str = "`downlevel` sends multi-selects as booleans for a form pinned to 2025-06-18, and this form is not pinned: add `revision = \"2025-06-18\"`, or remove `downlevel` (a client of 2025-06-18 gets booleans without it)";

/// What a field has that a pinned revision lacks, for `const` evaluation.
pub enum PinMiss<'a> {
    /// A multi-select, without `downlevel`.
    MultiSelect,
    /// `default = "Guest"` or `default = 2`, as written.
    Default(&'a str),
    /// Something of the field's type, with `downlevel`: a non-boolean
    /// default.
    TypeDefault,
    /// Something of the field's type: a multi-select or a non-boolean
    /// default.
    TypeAny,
}

/// The message when a form pinned to `revision` has a field that revision
/// cannot express, naming what the field has that the revision lacks.
pub fn pin(label: &str, ty: &str, revision: &str, miss: PinMiss<'_>) -> String {
    let pinned = format!("the form pins that revision with `revision = \"{revision}\"`");
    let unpin = "remove the pin to require 2025-11-25 or later";
    match miss {
        PinMiss::MultiSelect => format!(
            "{label} is a multi-select, which revision {revision} cannot express, and {pinned}: add `downlevel` to send it as one boolean per option (`#[elicit(revision = \"{revision}\", downlevel)]`), ask for the choices in separate fields, or {unpin}"
        ),
        PinMiss::Default(written) => format!(
            "{label} has `{written}`, which revision {revision} cannot express (it allows a default only on a boolean), and {pinned}: remove the `default`, or {unpin}"
        ),
        PinMiss::TypeDefault => format!(
            "the type of {label} carries a non-boolean `default`, which revision {revision} cannot express, and {pinned}: remove that from `{ty}`, or {unpin}"
        ),
        PinMiss::TypeAny => format!(
            "the type of {label} is a multi-select or carries a non-boolean `default`, which revision {revision} cannot express, and {pinned}: remove that from `{ty}`, add `downlevel` if it is a multi-select, or {unpin}"
        ),
    }
}

// ---------------------------------------------------------------------------
// Field types the protocol cannot express

/// `name: &'a str`; `owned` names what to use instead.
pub fn borrowed(owned: &str) -> String {
    format!("a borrowed field cannot be read from a client's response: use {owned}")
}

pub const BORROWED_STR: &str = "`String` (or `Box<str>`)";

pub const BORROWED_COW: &str = "`String` or `Cow<'static, str>`";

pub const BORROWED_OTHER: &str = "a type that owns its data";

/// The owned type to use instead of `&'a T`.
pub fn owned_itself(ty: &str) -> String {
    format!("`{ty}` itself")
}

pub const UNIT_TYPE: &str = "`()` carries no value the user could enter: remove the field";

pub const TUPLE: &str = "a tuple cannot be a form field, since a `requestedSchema` is a flat object of primitive values: use one named field per element";

pub const ARRAY: &str = "an array";

pub const SLICE: &str = "a slice";

/// `what` is "an array", "a slice" or a type in backticks.
pub fn list(what: &str) -> String {
    format!(
        "{what} cannot be a form field: the only list a `requestedSchema` holds is a multi-select, which is a `Vec`, `BTreeSet` or `HashSet` of a unit enum that derives `Elicitable` (from revision 2025-11-25); use one of those, or separate fields"
    )
}

pub const NESTED_OPTION: &str = "a nested `Option` cannot be a form field: a field is either present or absent, so use a single `Option`";

pub fn map(name: &str) -> String {
    format!(
        "`{name}` cannot be a form field: a `requestedSchema` has no maps; use one named field per key"
    )
}

pub fn json(name: &str) -> String {
    format!(
        "`serde_json::{name}` cannot be a form field: give the field one primitive type (a string, a number, an integer, a boolean or a unit enum) so the schema can say what to enter"
    )
}

pub fn time(name: &str) -> String {
    format!(
        "`{name}` has no primitive form in a `requestedSchema`: use an integer field with the unit in its name, such as `timeout_secs: u64`, or for a point in time `chrono::DateTime<Utc>`, `time::UtcDateTime` or `jiff::Timestamp` (each with the feature of its crate on `elicit-runtime`)"
    )
}

/// A time of day without a date (`NaiveTime`, `time::Time`,
/// `civil::Time`); `instead` is the crate's date-time type.
pub fn time_of_day(name: &str, instead: &str) -> String {
    format!(
        "`{name}` is a time of day without a date or an offset, which no `format` of a `requestedSchema` holds: use `{instead}` (`format: date-time`) for a point in time, or integer fields for the hour and the minute"
    )
}

/// A date and time without an offset (`NaiveDateTime`, `PrimitiveDateTime`,
/// `civil::DateTime`); `instead` names the crate's types that have one.
pub fn no_offset(name: &str, instead: &str) -> String {
    format!("`{name}` has no offset, and a `date-time` always has one: use {instead}")
}

pub const NO_OFFSET_CHRONO: &str =
    "`chrono::DateTime<FixedOffset>` to keep the offset the user sends, or `chrono::DateTime<Utc>`";

pub const NO_OFFSET_TIME: &str =
    "`time::OffsetDateTime` to keep the offset the user sends, or `time::UtcDateTime`";

pub const NO_OFFSET_JIFF: &str =
    "`jiff::Timestamp`, and put it in the time zone you know with `to_zoned`";

/// `chrono::DateTime<Local>` and other time zones.
pub fn time_zone(zone: &str) -> String {
    format!(
        "`DateTime<{zone}>` cannot be a form field: a `date-time` carries an offset, not a time zone: use `DateTime<FixedOffset>` (the offset the user sends) or `DateTime<Utc>`, and convert it with `with_timezone`"
    )
}

/// `jiff::ZonedDateTime` (`Zoned` before jiff 1.0).
pub fn zoned(name: &str) -> String {
    format!(
        "`{name}` cannot be a form field: its time zone (such as `[Europe/Paris]`) has no place in an RFC 3339 `date-time`, which carries only an offset: use `jiff::Timestamp`, and put it in the time zone you know with `to_zoned`"
    )
}

/// `PathBuf`, `OsString`.
pub fn path(name: &str) -> String {
    format!(
        "`{name}` cannot be a form field: a `requestedSchema` has no paths, and a path a user types names a file on their machine, not on the server: use `String`, and check the path before you use it"
    )
}

/// `SocketAddr` and its two families.
pub fn socket(name: &str) -> String {
    format!(
        "`{name}` cannot be a form field: a `requestedSchema` has no socket addresses: use an `IpAddr` field and a `u16` field for the port"
    )
}

pub const PHANTOM: &str =
    "`PhantomData` carries no value the user could enter: keep it out of the form";

pub const NEVER: &str =
    "`!` cannot be a form field: use a string, a number, an integer, a boolean or a unit enum";

pub const NO_VALUE: &str = "this type has no value a user could enter: use a string, a number, an integer, a boolean or a unit enum";

// ---------------------------------------------------------------------------
// Checks in `const` evaluation, written into the generated code

/// `min_length` or `max_length` on a field that is not a string.
pub fn length_unfit(key: &str, label: &str) -> String {
    format!(
        "`{key}` needs a string field, and {label} is not one: remove `{key}`, or bound a number with `minimum` and `maximum` instead"
    )
}

/// `min_items` or `max_items` on a field that is not a multi-select.
pub fn items_unfit(key: &str, label: &str) -> String {
    format!(
        "`{key}` needs a multi-select field, a `Vec`, `BTreeSet` or `HashSet` of a unit enum, and {label} is not one: remove `{key}`, or bound the length of a string with `{}_length` instead",
        &key[..3]
    )
}

pub fn format_unfit(label: &str) -> String {
    format!("`format` needs a string field, and {label} is not one: remove `format`")
}

/// `minimum` or `maximum` on a field that is not a number.
pub fn bound_unfit(key: &str, label: &str) -> String {
    format!(
        "`{key}` needs a number field, and {label} is not one: remove `{key}`, or bound the length of a string with `{}_length` instead",
        &key[..3]
    )
}

pub fn legacy_titles_unfit(label: &str) -> String {
    format!(
        "`legacy_titles` writes the titles of a single-select enum as the legacy `enumNames`, and {label} is not a single-select enum field: remove `legacy_titles`"
    )
}

/// The argument the `legacy_titles` of an enum passes; an enum always is
/// one, so it is never shown.
pub const LEGACY_TITLES_ON_ENUM: &str = "`legacy_titles` needs a unit enum";

/// The kind of literal a `default` is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultKind {
    Bool,
    Str,
    Num,
    List,
}

/// A `default` whose literal is of another kind than the field:
/// `default = "5"` on a `u8`. It lists the literals of the other kinds,
/// since one of them is what the field takes.
pub fn default_unfit(kind: DefaultKind, written: &str, label: &str) -> String {
    let (what, field) = match kind {
        DefaultKind::Bool => ("a boolean", "is not a boolean field"),
        DefaultKind::Str => (
            "a string",
            "is neither a string nor a single-select enum field",
        ),
        DefaultKind::Num => ("a number", "is not a number field"),
        DefaultKind::List => (
            "a list",
            "is not a multi-select field (a `Vec`, `BTreeSet` or `HashSet` of a unit enum)",
        ),
    };
    let kinds = [
        (DefaultKind::Bool, "`true` or `false` for a boolean"),
        (DefaultKind::Num, "a number such as `0`"),
        (
            DefaultKind::Str,
            "a string such as `\"text\"` for a string or an enum",
        ),
        (
            DefaultKind::List,
            "a list such as `[\"value\"]` for a multi-select",
        ),
    ];
    let others: Vec<&str> = kinds
        .iter()
        .filter(|(other, _)| *other != kind)
        .map(|(_, text)| *text)
        .collect();
    format!(
        "`{written}` is {what}, and {label} {field}: write the default the field's kind takes ({}, or {}), or remove `default`",
        others[..others.len() - 1].join(", "),
        others[others.len() - 1]
    )
}

/// A bound or default that leaves the range of the field's Rust type;
/// `range` is the type's range when it is a primitive integer, `f32` says
/// the type is `f32`.
pub fn outside(
    written: &str,
    what: &str,
    label: &str,
    range: Option<(String, String)>,
    f32: bool,
) -> String {
    match range {
        Some((low, high)) => format!(
            "{written} is outside the range of {label}, `{low}` to `{high}`: use a {what} in that range, or a wider integer type"
        ),
        None if f32 => format!(
            "{written} is outside the range of {label}, about `-3.4e38` to `3.4e38`: use a {what} in that range, or `f64`"
        ),
        None => format!(
            "{written} is outside the range of {label}: use a {what} its type can hold, or a wider type"
        ),
    }
}

/// A fractional bound on an integer field, with the nearest whole bound
/// that keeps the same values when there is one.
pub fn fraction(written: &str, key: &str, label: &str, whole: Option<i64>) -> String {
    match whole {
        Some(whole) => format!(
            "{written} is not a whole number, and {label} is an integer field: use `{key} = {whole}`, or a float field"
        ),
        None => format!(
            "{written} is not a whole number, and {label} is an integer field: use a whole bound, or a float field"
        ),
    }
}

/// `min_length = 5, max_length = 3`.
pub fn low_above_high(min: &str, max: &str, label: &str, low: &str, high: &str) -> String {
    format!("{min} is greater than {max} for {label}: make `{low}` at most `{high}`")
}

/// `max_length = 1` on a newtype whose own `min_length` is 2.
pub fn high_below_type(max: &str, low: &str, high: &str, ty: &str, name: &str) -> String {
    format!(
        "{max} is less than the `{low}` that `{ty}` sets, so {name} accepts no value: raise `{high}`, or lower the `{low}` of `{ty}`"
    )
}

/// `min_length = 5` on a newtype whose own `max_length` is 3.
pub fn low_above_type(min: &str, low: &str, high: &str, ty: &str, name: &str) -> String {
    format!(
        "{min} is greater than the `{high}` that `{ty}` sets, so {name} accepts no value: lower `{low}`, or raise the `{high}` of `{ty}`"
    )
}

// ---------------------------------------------------------------------------
// How messages name what a spec is built for

/// "the field `age: u8`".
pub fn field_label(ident: &syn::Ident, ty: &str) -> String {
    format!("the field `{ident}: {ty}`")
}

/// "the field `age`".
pub fn field_name(ident: &syn::Ident) -> String {
    format!("the field `{ident}`")
}

/// "`Age(u8)`".
pub fn newtype_label(ident: &syn::Ident, ty: &str) -> String {
    format!("`{ident}({ty})`")
}

/// "`Age`".
pub fn newtype_name(ident: &syn::Ident) -> String {
    format!("`{ident}`")
}
