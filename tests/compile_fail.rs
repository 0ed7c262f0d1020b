//! Every mistake `#[derive(Elicitable)]` must reject, one per file, with the
//! error under the user's own token.

#[test]
fn compile_fail() {
    trybuild::TestCases::new().compile_fail("ui/fail/**/*.rs");
}
