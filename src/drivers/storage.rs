//! localStorage, with every failure a value: storage may be disabled
//! (privacy settings, some embedded browsers), full, or throw on access.
//! The game keeps playing in all of these cases and says that saving is off.

use web_sys::Storage;

/// Why storage could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// No localStorage, or the browser refuses access.
    Unavailable,
    /// Writing failed (usually the quota).
    WriteFailed,
}

fn storage() -> Result<Storage, StorageError> {
    web_sys::window()
        .ok_or(StorageError::Unavailable)?
        .local_storage()
        .map_err(|_| StorageError::Unavailable)?
        .ok_or(StorageError::Unavailable)
}

fn get(store: Result<Storage, StorageError>, key: &str) -> Result<Option<String>, StorageError> {
    store?.get_item(key).map_err(|_| StorageError::Unavailable)
}

fn set(store: Result<Storage, StorageError>, key: &str, value: &str) -> Result<(), StorageError> {
    store?
        .set_item(key, value)
        .map_err(|_| StorageError::WriteFailed)
}

/// The text stored under `key`, if any.
pub fn read(key: &str) -> Result<Option<String>, StorageError> {
    get(storage(), key)
}

/// Stores `value` under `key`.
pub fn write(key: &str, value: &str) -> Result<(), StorageError> {
    set(storage(), key, value)
}

/// Keeps unreadable text aside, never deleted: under
/// `mojo.unreadable.{kind}{milliseconds since 1970}` (`kind` is "" for the
/// game, "stats." for the statistics).
pub fn keep_aside(kind: &str, text: &str) -> Result<(), StorageError> {
    let key = format!(
        "{}{kind}{}",
        crate::save::QUARANTINE_PREFIX,
        js_sys::Date::now() as u64
    );
    write(&key, text)
}

/// Removes `key` (nothing happens if it is absent).
pub fn remove(key: &str) -> Result<(), StorageError> {
    storage()?
        .remove_item(key)
        .map_err(|_| StorageError::Unavailable)
}

/// This tab's own storage (sessionStorage: kept across a reload of the
/// tab, not shared with other tabs).
fn tab_storage() -> Result<Storage, StorageError> {
    web_sys::window()
        .ok_or(StorageError::Unavailable)?
        .session_storage()
        .map_err(|_| StorageError::Unavailable)?
        .ok_or(StorageError::Unavailable)
}

/// The text stored under `key` for this tab only.
pub fn read_tab(key: &str) -> Result<Option<String>, StorageError> {
    get(tab_storage(), key)
}

/// Stores `value` under `key` for this tab only.
pub fn write_tab(key: &str, value: &str) -> Result<(), StorageError> {
    set(tab_storage(), key, value)
}
