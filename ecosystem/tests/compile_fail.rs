//! The types of other crates that have no wire form, and the defaults and
//! constraints the supported ones refuse, one per file, with the error
//! under the user's own token.

#[test]
fn compile_fail() {
    trybuild::TestCases::new().compile_fail("tests/ui/fail/*.rs");
}
