//! The package: a workbook's parts in one zip archive. The parts are compressed side
//! by side on the machine's cores, each into an archive of its own, and then copied
//! into the workbook as they are; the bytes are the same whatever the number of cores.

use std::io::{Cursor, Write};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

use super::XlsxError;

/// zlib's level 3: a 2,000-player event's parts compress three times as fast as at
/// the default level 6, to a file a tenth larger.
const LEVEL: i64 = 3;

/// `parts` (name, bytes) as one zip archive, in the order given.
pub(super) fn zip(parts: Vec<(String, Vec<u8>)>) -> Result<Vec<u8>, XlsxError> {
    let compressed = compress_all(&parts);
    let total = compressed
        .iter()
        .filter_map(|c| c.get()?.as_ref().ok())
        .map(Vec::len)
        .sum();
    let mut workbook = ZipWriter::new(Cursor::new(Vec::with_capacity(total)));
    for one in compressed {
        let one = one
            .into_inner()
            .ok_or_else(|| package_error("a part was lost"))??;
        let mut archive = ZipArchive::new(Cursor::new(one)).map_err(package_error)?;
        let part = archive.by_index_raw(0).map_err(package_error)?;
        workbook.raw_copy_file(part).map_err(package_error)?;
    }
    Ok(workbook.finish().map_err(package_error)?.into_inner())
}

/// Each part as a one-part archive; the largest parts are taken first, so that no core
/// is left with a big one at the end.
fn compress_all(parts: &[(String, Vec<u8>)]) -> Vec<OnceLock<Result<Vec<u8>, XlsxError>>> {
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(parts[i].1.len()));
    let done: Vec<OnceLock<_>> = parts.iter().map(|_| OnceLock::new()).collect();
    let next = AtomicUsize::new(0);
    let work = || {
        while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
            let (name, bytes) = &parts[i];
            let _ = done[i].set(compress(name, bytes));
        }
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 1..cores.min(parts.len()) {
            scope.spawn(work);
        }
        work();
    });
    done
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
