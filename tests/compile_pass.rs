//! Forms that must compile, each asserting the schema it produces and the
//! content it reads.

#[test]
fn compile_pass() {
    trybuild::TestCases::new().pass("ui/pass/*.rs");
}
