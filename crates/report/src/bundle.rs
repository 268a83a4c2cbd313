//! Several exported files as one zip archive: the browser downloads one file.

use std::io::Write;

/// Why the archive could not be written.
#[derive(Debug, thiserror::Error)]
#[error("zip: {0}")]
pub struct BundleError(String);

/// `files` (name, bytes) in one zip archive, in the order given.
pub fn write_zip(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, BundleError> {
    let mut archive = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in files {
        archive
            .start_file(name.as_str(), options)
            .map_err(|e| BundleError(e.to_string()))?;
        archive
            .write_all(bytes)
            .map_err(|e| BundleError(e.to_string()))?;
    }
    let cursor = archive.finish().map_err(|e| BundleError(e.to_string()))?;
    Ok(cursor.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Read back with the same library: every file, whole, under its name.
    #[test]
    fn every_file_comes_back_whole() {
        let files = vec![
            ("选手.csv".to_string(), "姓名\n王天一\n".as_bytes().to_vec()),
            ("event.xlsx".to_string(), vec![0, 1, 2, 255]),
        ];
        let bytes = write_zip(&files).unwrap();
        assert!(bytes.starts_with(b"PK\x03\x04"));
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        assert_eq!(archive.len(), 2);
        for (name, content) in &files {
            let mut file = archive.by_name(name).unwrap();
            let mut back = Vec::new();
            std::io::Read::read_to_end(&mut file, &mut back).unwrap();
            assert_eq!(&back, content);
        }
    }
}
