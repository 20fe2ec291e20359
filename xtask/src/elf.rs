//! Section sizes of a 32-bit little-endian ELF file (the Cortex-M firmware), read from
//! its section headers: enough for `.text`, without binutils.

/// The size in bytes of the section `name`, or an error naming what is wrong.
pub fn section_size(bytes: &[u8], name: &str) -> Result<u32, String> {
    let u16_at = |offset: usize| {
        bytes
            .get(offset..offset + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .ok_or_else(|| format!("ELF truncated at byte {offset}"))
    };
    let u32_at = |offset: usize| {
        bytes
            .get(offset..offset + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| format!("ELF truncated at byte {offset}"))
    };
    // e_ident: magic, class 1 (32-bit), data 1 (little-endian).
    if bytes.get(..6) != Some(b"\x7fELF\x01\x01".as_slice()) {
        return Err("not a 32-bit little-endian ELF file".to_owned());
    }
    let section_headers = u32_at(0x20)? as usize;
    let header_size = usize::from(u16_at(0x2e)?);
    let count = usize::from(u16_at(0x30)?);
    let names_index = usize::from(u16_at(0x32)?);
    // Section header fields: sh_name at 0x00, sh_offset at 0x10, sh_size at 0x14.
    let header = |index: usize| section_headers + index * header_size;
    let names_offset = u32_at(header(names_index) + 0x10)? as usize;
    for index in 0..count {
        let name_start = names_offset + u32_at(header(index))? as usize;
        let name_bytes = bytes
            .get(name_start..)
            .and_then(|rest| rest.split(|&b| b == 0).next())
            .ok_or_else(|| format!("section name {index} out of the file"))?;
        if name_bytes == name.as_bytes() {
            return u32_at(header(index) + 0x14);
        }
    }
    Err(format!("no {name} section"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal ELF32 with a null section, `.text` of 0x1234 bytes and the name table.
    fn tiny_elf() -> Vec<u8> {
        let names = b"\0.text\0.shstrtab\0";
        let mut elf = vec![0_u8; 0x34];
        elf[..6].copy_from_slice(b"\x7fELF\x01\x01");
        let names_offset = elf.len() as u32;
        elf.extend_from_slice(names);
        let headers = elf.len() as u32;
        let section = |name: u32, offset: u32, size: u32| {
            let mut header = vec![0_u8; 40];
            header[0..4].copy_from_slice(&name.to_le_bytes());
            header[0x10..0x14].copy_from_slice(&offset.to_le_bytes());
            header[0x14..0x18].copy_from_slice(&size.to_le_bytes());
            header
        };
        elf.extend(section(0, 0, 0));
        elf.extend(section(1, 0, 0x1234));
        elf.extend(section(7, names_offset, names.len() as u32));
        elf[0x20..0x24].copy_from_slice(&headers.to_le_bytes());
        elf[0x2e..0x30].copy_from_slice(&40_u16.to_le_bytes());
        elf[0x30..0x32].copy_from_slice(&3_u16.to_le_bytes());
        elf[0x32..0x34].copy_from_slice(&2_u16.to_le_bytes());
        elf
    }

    #[test]
    fn section_size_finds_text_by_name() {
        assert_eq!(section_size(&tiny_elf(), ".text"), Ok(0x1234));
        assert!(section_size(&tiny_elf(), ".data").is_err());
        assert!(section_size(b"not an elf", ".text").is_err());
    }
}
