//! The limits checked on a JSON value already in memory, without recursion.

use serde_json::{Map, Value};

use super::{LimitError, Limits};

impl Limits {
    /// Checks a JSON value against the limits other than the length of its
    /// text: nesting, strings (names included) and object sizes. It visits
    /// each value once, with a stack of its own, so a value nested however
    /// deep is checked without recursion.
    ///
    /// # Errors
    ///
    /// The first [`LimitError`] found.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::Limits;
    /// use elicit_runtime::limits::LimitError;
    /// use serde_json::json;
    ///
    /// let limits = Limits::DEFAULT.max_properties(2);
    /// assert!(limits.check_value(&json!({ "a": 1, "b": [true] })).is_ok());
    /// assert_eq!(
    ///     limits.check_value(&json!({ "a": 1, "b": 2, "c": 3 })),
    ///     Err(LimitError::Properties { limit: 2 })
    /// );
    /// ```
    pub fn check_value(&self, value: &Value) -> Result<(), LimitError> {
        let mut stack = Vec::new();
        self.enter(value, 1, &mut stack)?;
        self.walk(stack)
    }

    /// [`Limits::check_value`] of an object: the content of a result.
    ///
    /// # Errors
    ///
    /// The first [`LimitError`] found.
    pub fn check_object(&self, object: &Map<String, Value>) -> Result<(), LimitError> {
        self.check_members(object.iter())
    }

    /// [`Limits::check_object`] of the object these members would make,
    /// without making it: the part of a tool's arguments a form reads.
    ///
    /// This and the checks below are for a message another crate keeps in
    /// types of its own (an SDK's request or result structs): checked part
    /// by part, as [`Limits::check_value`] would check its JSON, without
    /// writing it as JSON first.
    ///
    /// # Errors
    ///
    /// The first [`LimitError`] found.
    pub fn check_members<'v>(
        &self,
        members: impl ExactSizeIterator<Item = (&'v String, &'v Value)>,
    ) -> Result<(), LimitError> {
        self.check_members_at(1, members)
    }

    /// [`Limits::check_members`] of an object nested at `level` (1 for the
    /// outermost): a member of a message kept in a type of its own.
    ///
    /// # Errors
    ///
    /// The first [`LimitError`] found.
    pub fn check_members_at<'v>(
        &self,
        level: usize,
        members: impl ExactSizeIterator<Item = (&'v String, &'v Value)>,
    ) -> Result<(), LimitError> {
        self.nest(level)?;
        self.members(members.len())?;
        let mut stack = Vec::new();
        for (name, value) in members {
            self.string(name)?;
            self.enter(value, level + 1, &mut stack)?;
        }
        self.walk(stack)
    }

    /// The outermost object of a message kept in a type of its own, with
    /// `members` members (its names short and fixed).
    ///
    /// # Errors
    ///
    /// [`LimitError::Depth`] when no nesting is allowed,
    /// [`LimitError::Properties`] for too many members.
    pub fn check_root(&self, members: usize) -> Result<(), LimitError> {
        self.nest(1)?;
        self.members(members)
    }

    /// [`Limits::check_value`] of a value nested at `level` (1 for the
    /// outermost): a member of a message kept in a type of its own.
    ///
    /// # Errors
    ///
    /// The first [`LimitError`] found.
    pub fn check_value_at(&self, level: usize, value: &Value) -> Result<(), LimitError> {
        let mut stack = Vec::new();
        self.enter(value, level, &mut stack)?;
        self.walk(stack)
    }

    /// A string of a message kept in a type of its own.
    ///
    /// # Errors
    ///
    /// [`LimitError::StringBytes`] for a string too long.
    pub fn check_string(&self, s: &str) -> Result<(), LimitError> {
        self.string(s)
    }

    /// Checks a string, a number, a boolean or `null` at once, and queues an
    /// array or object at `level`: content of primitive values is checked
    /// without a stack.
    #[inline]
    fn enter<'v>(
        &self,
        value: &'v Value,
        level: usize,
        stack: &mut Vec<(&'v Value, usize)>,
    ) -> Result<(), LimitError> {
        match value {
            Value::String(s) => self.string(s),
            Value::Null | Value::Bool(_) | Value::Number(_) => Ok(()),
            Value::Array(_) | Value::Object(_) => {
                stack.push((value, level));
                Ok(())
            }
        }
    }

    /// Checks every value on `stack`, each with the level an array or
    /// object there would have.
    fn walk(&self, mut stack: Vec<(&Value, usize)>) -> Result<(), LimitError> {
        while let Some((value, level)) = stack.pop() {
            match value {
                Value::String(s) => self.string(s)?,
                Value::Array(items) => {
                    self.nest(level)?;
                    for item in items {
                        self.enter(item, level + 1, &mut stack)?;
                    }
                }
                Value::Object(object) => {
                    self.nest(level)?;
                    self.object(object, level + 1, &mut stack)?;
                }
                Value::Null | Value::Bool(_) | Value::Number(_) => {}
            }
        }
        Ok(())
    }

    /// Checks an object's size and names, and queues its values at `level`.
    fn object<'v>(
        &self,
        object: &'v Map<String, Value>,
        level: usize,
        stack: &mut Vec<(&'v Value, usize)>,
    ) -> Result<(), LimitError> {
        self.members(object.len())?;
        for (name, value) in object {
            self.string(name)?;
            self.enter(value, level, stack)?;
        }
        Ok(())
    }
}

/// Drops `value` without recursion, however deep it is nested: dropping it
/// the usual way recurses once per level.
pub(crate) fn dispose(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(members) => stack.extend(members.into_iter().map(|(_, value)| value)),
            Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::limits::Limits;

    /// Checking some members of an object is checking the object they make.
    #[test]
    fn members_are_checked_as_their_object() {
        let object = json!({ "a": [[1]], "b": "xyz", "c": { "d": 1 } });
        let Value::Object(object) = object else {
            unreachable!("an object literal")
        };
        for limits in [
            Limits::DEFAULT,
            Limits::DEFAULT.max_depth(2),
            Limits::DEFAULT.max_depth(3),
            Limits::DEFAULT.max_string_bytes(2),
            Limits::DEFAULT.max_properties(2),
        ] {
            assert_eq!(
                limits.check_members(object.iter()),
                limits.check_object(&object),
                "{limits:?}"
            );
            let some: Vec<_> = object.iter().filter(|(name, _)| *name != "a").collect();
            let made = some
                .iter()
                .map(|(n, v)| ((*n).clone(), (*v).clone()))
                .collect();
            assert_eq!(
                limits.check_members(some.iter().copied()),
                limits.check_object(&made),
                "{limits:?}"
            );
        }
    }
}
