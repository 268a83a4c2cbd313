//! CSV exports read back with the csv crate, in UTF-8 and GBK, equal the event.

use report::Encoding;
use service::Lang;

fn read_back(bytes: &[u8], encoding: Encoding) -> Vec<Vec<String>> {
    let text = match encoding {
        Encoding::Utf8Bom => {
            assert!(
                bytes.starts_with(b"\xEF\xBB\xBF"),
                "UTF-8 exports start with a BOM"
            );
            String::from_utf8(bytes[3..].to_vec()).unwrap()
        }
        Encoding::Gbk => {
            let (text, _, bad) = encoding_rs::GBK.decode(bytes);
            assert!(!bad);
            text.into_owned()
        }
    };
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect()
}

#[test]
fn exports_round_trip_in_utf8_and_gbk() {
    let dir = tempfile::tempdir().unwrap();
    let event = service::demo::build(&dir.path().join("demo.qisai")).unwrap();
    for (lang, encoding, sub) in [
        (Lang::Zh, Encoding::Utf8Bom, "zh-utf8"),
        (Lang::En, Encoding::Gbk, "en-gbk"),
    ] {
        let out = dir.path().join(sub);
        event.export_csv(&out, lang, encoding).unwrap();
        for (file, table) in event.export_tables(lang).unwrap() {
            let rows = read_back(&std::fs::read(out.join(file)).unwrap(), encoding);
            assert_eq!(rows[0], table.headers, "{sub}/{file}");
            assert_eq!(&rows[1..], &table.rows[..], "{sub}/{file}");
        }
    }
    // The players file holds every entrant of the event, by number.
    let entrants = event.entrants().unwrap();
    let (_, players) = event.export_tables(Lang::Zh).unwrap().remove(0);
    assert_eq!(players.rows.len(), entrants.len());
    for (row, e) in players.rows.iter().zip(&entrants) {
        assert_eq!(
            (row[0].as_str(), row[1].as_str()),
            (e.id.to_string().as_str(), e.name.as_str())
        );
    }
    // Standings rows match the standings of each stage, in order.
    let (_, standings) = event.export_tables(Lang::Zh).unwrap().remove(3);
    let final_stage = event.standings(Some(2)).unwrap();
    let exported: Vec<&str> = standings
        .rows
        .iter()
        .filter(|r| r[0] == final_stage.stage_name)
        .map(|r| r[3].as_str())
        .collect();
    let expected: Vec<&str> = final_stage.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(exported, expected);
}
