//! The package: a workbook's parts in one zip archive. Each part is compressed on
//! another core as soon as it is written, into an archive of its own, while the next
//! part is being written; the parts are then copied into the workbook as they are, in
//! the order they were written. The bytes are the same whatever the number of cores.

use std::io::{Cursor, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

use super::XlsxError;

/// zlib's level 2: a 2,000-player event's parts compress in 150 million instructions
/// where level 3 took 255 million (and the default level 6 three times that), to a
/// file 8 % larger than at level 3 (795 kB). Level 1 took 75 million, to a file half
/// as large again.
const LEVEL: i64 = 2;

/// Where the parts are handed over, in the order they go into the archive.
pub(super) struct Parts {
    sender: mpsc::Sender<(usize, String, Vec<u8>)>,
    count: usize,
}

impl Parts {
    pub(super) fn add(&mut self, name: impl Into<String>, bytes: Vec<u8>) {
        // The workers only stop taking parts once this side has stopped sending.
        let _ = self.sender.send((self.count, name.into(), bytes));
        self.count += 1;
    }
}

/// The archive of the parts `write` hands over.
pub(super) fn zip(
    write: impl FnOnce(&mut Parts) -> Result<(), XlsxError>,
) -> Result<Vec<u8>, XlsxError> {
    let (sender, receiver) = mpsc::channel::<(usize, String, Vec<u8>)>();
    let receiver = Mutex::new(receiver);
    let done = Mutex::new(Vec::new());
    let failed = AtomicBool::new(false);
    let work = || {
        loop {
            let next = receiver
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .recv();
            let Ok((i, name, bytes)) = next else { break };
            if failed.load(Ordering::Relaxed) {
                continue;
            }
            // The part's text is freed as soon as it is compressed.
            let one = compress(&name, &bytes);
            drop(bytes);
            failed.fetch_or(one.is_err(), Ordering::Relaxed);
            done.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push((i, one));
        }
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..cores {
            scope.spawn(work);
        }
        let mut parts = Parts { sender, count: 0 };
        let written = write(&mut parts);
        // Closing the channel lets the workers finish.
        drop(parts);
        written
    })?;
    let mut done = done.into_inner().unwrap_or_else(PoisonError::into_inner);
    done.sort_by_key(|(i, _)| *i);
    let total = done
        .iter()
        .filter_map(|(_, one)| one.as_ref().ok())
        .map(Vec::len)
        .sum();
    let mut workbook = ZipWriter::new(Cursor::new(Vec::with_capacity(total)));
    for (_, one) in done {
        let mut archive = ZipArchive::new(Cursor::new(one?)).map_err(package_error)?;
        let part = archive.by_index_raw(0).map_err(package_error)?;
        workbook.raw_copy_file(part).map_err(package_error)?;
    }
    Ok(workbook.finish().map_err(package_error)?.into_inner())
}

fn compress(name: &str, bytes: &[u8]) -> Result<Vec<u8>, XlsxError> {
    // A fixed date: the same tables make the same workbook, byte for byte.
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .compression_level(Some(LEVEL))
        .last_modified_time(DateTime::default());
    let mut archive = ZipWriter::new(Cursor::new(Vec::with_capacity(bytes.len() / 4 + 256)));
    archive.start_file(name, options).map_err(package_error)?;
    archive.write_all(bytes).map_err(package_error)?;
    Ok(archive.finish().map_err(package_error)?.into_inner())
}

fn package_error(e: impl std::fmt::Display) -> XlsxError {
    XlsxError::Package(e.to_string())
}
