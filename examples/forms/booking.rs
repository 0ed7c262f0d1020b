//! The booking form a restaurant's server asks for: shared by the `booking`
//! example (one elicitation by hand) and the `server` example (a real MCP
//! server).

use std::collections::BTreeSet;

use elicit_runtime::Elicitable;
use jiff::civil::Date;

/// Where the party would like to sit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Elicitable)]
#[elicit(rename_all = "kebab-case")]
pub enum Seating {
    #[elicit(title = "Indoors")]
    Indoor,
    #[elicit(title = "On the terrace")]
    Terrace,
    #[elicit(title = "At the bar")]
    Bar,
}

/// A dietary need the kitchen should plan for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Elicitable)]
#[elicit(rename_all = "kebab-case")]
pub enum Dietary {
    #[elicit(title = "Vegetarian")]
    Vegetarian,
    #[elicit(title = "Vegan")]
    Vegan,
    #[elicit(title = "Gluten-free")]
    GlutenFree,
    #[elicit(title = "No nuts")]
    NutFree,
}

/// An email address, checked as RFC 5321 mailbox.
#[derive(Debug, Clone, PartialEq, Eq, Elicitable)]
#[elicit(format = "email", max_length = 254)]
pub struct Email(pub String);

/// Please tell us about your reservation
#[derive(Debug, Clone, PartialEq, Elicitable)]
#[elicit(rename_all = "camelCase")]
pub struct Booking {
    /// The day you would like to come
    #[elicit(title = "Date")]
    pub date: Date,
    /// How many people, yourself included
    #[elicit(title = "Party size", minimum = 1, maximum = 12)]
    pub party_size: u8,
    #[elicit(title = "Seating", default = "indoor")]
    pub seating: Seating,
    /// Tick every need in your party
    #[elicit(title = "Dietary needs", max_items = 4)]
    pub dietary: Option<BTreeSet<Dietary>>,
    /// Where we send the confirmation
    #[elicit(title = "Email")]
    pub contact_email: Email,
    /// Allergies, a birthday, anything we should know
    #[elicit(title = "Notes", max_length = 500)]
    pub notes: Option<String>,
    /// Send me the monthly menu
    #[elicit(title = "Newsletter", default = false)]
    pub newsletter: bool,
}

impl Booking {
    /// A one-line confirmation of the booking.
    pub fn summary(&self) -> String {
        let dietary = match &self.dietary {
            Some(needs) if !needs.is_empty() => format!(
                ", dietary needs: {}",
                needs
                    .iter()
                    .map(|need| format!("{need:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => String::new(),
        };
        let notes = self
            .notes
            .as_deref()
            .map(|notes| format!(", notes: {notes}"))
            .unwrap_or_default();
        let newsletter = if self.newsletter { ", subscribed" } else { "" };
        format!(
            "booked {} seats ({:?}) on {} for {}{dietary}{notes}{newsletter}",
            self.party_size, self.seating, self.date, self.contact_email.0
        )
    }
}
