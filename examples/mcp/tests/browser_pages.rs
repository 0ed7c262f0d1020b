//! The form pages in a real browser: headless Chromium over WebDriver.

mod support {
    pub mod browser;
    pub mod form_site;
}

use elicit_mcp::booking_form::Booking;
use support::browser::{Browser, NORMAL, enabled};
use support::form_site::FormSite;

#[tokio::test]
async fn explore() {
    if !enabled("explore") {
        return;
    }
    let site = FormSite::start::<Booking>().await;
    let browser = Browser::start("explore", NORMAL).await;
    browser.open(&site.url).await;
    let html = browser.client.source().await.unwrap();
    println!("{html}");
    browser.assert_accessible("empty").await;
    browser.full_screenshot("empty", NORMAL).await;
    browser.close().await;
}
