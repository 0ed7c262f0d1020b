//! Pins the contract between `#[derive(Elicitable)]` and the runtime: every
//! name the derive writes under `elicit_runtime::__private` (listed in
//! `elicit-derive/src/contract.rs`) exists here with the type the generated
//! code expects. A rename or a new signature on either side fails this test,
//! not the build of a user's form.

use std::borrow::Cow;
use std::collections::BTreeSet;

use elicit_runtime::__private as p;
use p::{
    BoundMessages, Content, EnumOption, FieldSpec, FormSchema, Format, Map, Num, Property,
    PropertySchema, Revision, ValidationErrors, Value, Violation,
};

/// The derive's contract, as text.
const CONTRACT: &str = include_str!("../elicit-derive/src/contract.rs");

/// The quoted strings of the list `name` in the contract; for a list of
/// pairs, the second of each.
fn listed(name: &str) -> BTreeSet<String> {
    let start = CONTRACT
        .find(&format!("pub const {name}"))
        .unwrap_or_else(|| panic!("the contract has no `{name}`"));
    let body = &CONTRACT[start..];
    let body = &body[body.find("= ").unwrap()..body.find("];").unwrap()];
    let mut names = BTreeSet::new();
    for line in body.lines() {
        let quoted: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        if let Some(last) = quoted.last() {
            names.insert((*last).to_owned());
        }
    }
    names
}

/// Binds each `FieldSpec` step to its type and names it.
macro_rules! steps {
    ($($name:ident: $ty:ty),* $(,)?) => {{
        $(let _: $ty = FieldSpec::$name;)*
        [$(stringify!($name)),*].map(str::to_owned).into_iter().collect::<BTreeSet<_>>()
    }};
}

#[test]
fn every_spec_step_has_the_type_the_derive_calls_it_with() {
    type Step<A> = fn(FieldSpec, A, &'static str) -> FieldSpec;
    type Check = fn(FieldSpec, &'static str) -> FieldSpec;
    let pinned = steps! {
        title: Check,
        description: Check,
        min_length: Step<u64>,
        max_length: Step<u64>,
        minimum: fn(FieldSpec, Num, BoundMessages) -> FieldSpec,
        maximum: fn(FieldSpec, Num, BoundMessages) -> FieldSpec,
        format: Step<Format>,
        min_items: Step<u64>,
        max_items: Step<u64>,
        legacy_titles: Check,
        default_bool: Step<bool>,
        default_str: Step<&'static str>,
        default_num: Step<Num>,
        default_list: Step<&'static [Cow<'static, str>]>,
        check_lengths: Check,
        check_bounds: Check,
        check_items: Check,
        check_default_limits: Check,
        check_default: fn(FieldSpec) -> FieldSpec,
        check_revision: Step<Revision>,
        check_revision_downlevel: Step<Revision>,
        check_secret: Step<bool>,
    };
    assert_eq!(listed("SPEC_STEPS"), pinned);
}

#[test]
fn every_format_and_revision_the_derive_names_exists() {
    let formats = [
        ("Email", Format::Email),
        ("Uri", Format::Uri),
        ("Date", Format::Date),
        ("DateTime", Format::DateTime),
    ];
    assert_eq!(
        listed("FORMATS"),
        formats.iter().map(|(name, _)| (*name).to_owned()).collect()
    );
    let revisions = [
        ("V2025_06_18", Revision::V2025_06_18),
        ("V2025_11_25", Revision::V2025_11_25),
        ("V2026_07_28", Revision::V2026_07_28),
    ];
    assert_eq!(
        listed("REVISIONS"),
        revisions
            .iter()
            .map(|(name, _)| (*name).to_owned())
            .collect()
    );
    // The text each is written as in `format = "..."` and `revision = "..."`
    // is the runtime's own.
    for (name, format) in formats {
        assert!(CONTRACT.contains(&format!("(\"{}\", \"{name}\")", format.as_str())));
    }
    for (name, revision) in revisions {
        assert!(CONTRACT.contains(&format!("(\"{}\", \"{name}\")", revision.as_str())));
    }
}

fn is_elicitable<T: p::Elicitable>() {}
fn is_form_mode<T: p::FormMode>() {}
fn is_field<T: p::ElicitField>() {}
fn is_choice<T: p::ElicitChoice>() {}

#[test]
fn every_other_item_the_derive_names_exists() {
    // Types and traits, with the members the generated code writes.
    let _ = BoundMessages {
        unfit: "",
        fraction: "",
        outside: "",
    };
    is_elicitable::<Form>();
    is_form_mode::<Form>();
    is_field::<String>();
    is_choice::<Choice>();
    let _: fn(&'static Map<String, Value>) -> Content<'static> = Content::new;
    let _: fn(&'static str) -> p::Cow<'static, str> = p::Cow::Borrowed;
    let _: fn(&'static str, p::Option<&'static str>) -> EnumOption = EnumOption::new;
    let _: FieldSpec = FieldSpec::STRING;
    let _: fn(&'static [EnumOption]) -> FieldSpec = FieldSpec::choice;
    let _: fn(FieldSpec, &'static str, bool) -> Property = FieldSpec::into_property;
    let _: fn() -> ValidationErrors = ValidationErrors::new;
    let _: fn(&FormSchema, &Content<'_>, &mut ValidationErrors) = p::deny_unknown;
    let _: fn(f64) -> Num = p::float;
    let _: fn(i128) -> Num = p::int;
    let _: fn(FormSchema) = p::force::<FormSchema>;
    let _: fn(&Value, &PropertySchema) -> p::Result<Choice, Vec<Violation>> =
        p::read_enum::<Choice>;
    type Reader = fn(&Value, &PropertySchema) -> p::Result<u8, Vec<Violation>>;
    type Absent = fn() -> p::Option<u8>;
    type Read = fn(&mut Content<'_>, &Property, &mut ValidationErrors, Reader, Absent) -> Found;
    type Found = p::Option<u8>;
    type Widen = fn(u8) -> u16;
    type MapOption = fn(p::Option<u8>, Widen) -> p::Option<u16>;
    type MapResult = fn(p::Result<u8, ()>, Widen) -> p::Result<u16, ()>;
    let _: Read = p::read::<u8>;
    let _: MapOption = p::Option::map;
    let _: MapResult = p::Result::map;
    let _: [p::Option<()>; 2] = [p::Some(()), p::None];
    let _: [p::Result<(), ()>; 2] = [p::Ok(()), p::Err(())];
    let pinned: BTreeSet<String> = [
        "BoundMessages",
        "Content::new",
        "Cow",
        "Cow::Borrowed",
        "ElicitChoice",
        "ElicitField",
        "Elicitable",
        "EnumOption",
        "EnumOption::new",
        "Err",
        "FieldSpec",
        "FieldSpec::STRING",
        "FieldSpec::choice",
        "FieldSpec::into_property",
        "FormMode",
        "FormSchema",
        "Map",
        "None",
        "Ok",
        "Option",
        "Option::map",
        "PropertySchema",
        "Result",
        "Result::map",
        "Revision",
        "Some",
        "ValidationErrors",
        "ValidationErrors::new",
        "Value",
        "Violation",
        "deny_unknown",
        "float",
        "force",
        "int",
        "read",
        "read_enum",
    ]
    .map(str::to_owned)
    .into();
    assert_eq!(listed("ITEMS"), pinned);
}

/// A form and a choice, to pin the traits by.
#[derive(elicit_runtime::Elicitable)]
struct Form {
    #[expect(dead_code, reason = "read only through the form")]
    name: String,
}

#[derive(elicit_runtime::Elicitable)]
enum Choice {
    Only,
}
