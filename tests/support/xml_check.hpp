// SPDX-License-Identifier: Apache-2.0
#pragma once
// A strict XML 1.0 well-formedness check for tests, for the documents the
// library writes: a declaration, elements with quoted attributes, text, entity
// and character references, CDATA sections. Rejects what a conforming parser
// rejects there: bytes that are not UTF-8, characters outside XML's Char
// production, "]]>" in text, a bare "<" or "&", unknown entities, tags that do
// not nest. Written apart from the library's own writer, so that it checks it.

#include <cstdint>
#include <string>
#include <vector>

#include "support/json_check.hpp"

namespace topiceval::testing {

class XmlCheck {
 public:
  // Empty when `text` is one well-formed document, else what is wrong first.
  static std::string problem(const std::string& text) {
    if (!validUtf8(text)) return "not UTF-8";
    XmlCheck check(text);
    return check.document();
  }

 private:
  explicit XmlCheck(const std::string& text) : text_(text) {}

  // The code point at at_ (the text is known to be UTF-8).
  uint32_t codeAt(std::size_t at, std::size_t& length) const {
    const auto b = static_cast<unsigned char>(text_[at]);
    length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    uint32_t code = length == 1 ? b : b & (0x7Fu >> length);
    for (std::size_t j = 1; j < length; ++j) code = (code << 6) | (static_cast<unsigned char>(text_[at + j]) & 0x3Fu);
    return code;
  }
  static bool xmlChar(uint32_t c) {
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
           (c >= 0x10000 && c <= 0x10FFFF);
  }
  bool at(const char* word) const { return text_.compare(at_, std::string(word).size(), word) == 0; }
  void space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\t' || text_[at_] == '\r'))
      ++at_;
  }
  std::string name() {
    const std::size_t start = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_' ||
                                  text_[at_] == '-' || text_[at_] == '.' || text_[at_] == ':'))
      ++at_;
    return text_.substr(start, at_ - start);
  }
  // A reference after "&": a predefined entity or a character reference to an XML Char.
  bool reference() {
    for (const char* entity : {"amp;", "lt;", "gt;", "quot;", "apos;"}) {
      if (at(entity)) {
        at_ += std::string(entity).size();
        return true;
      }
    }
    if (!at("#")) return false;
    ++at_;
    const bool hex = at("x");
    if (hex) ++at_;
    uint32_t code = 0;
    std::size_t digits = 0;
    while (at_ < text_.size() && text_[at_] != ';' && digits < 8) {
      const char c = text_[at_++];
      if (!std::isxdigit(static_cast<unsigned char>(c)) || (!hex && !std::isdigit(static_cast<unsigned char>(c))))
        return false;
      code = code * (hex ? 16 : 10) + static_cast<uint32_t>(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c | 0x20) - 'a' + 10);
      ++digits;
    }
    if (digits == 0 || !at(";")) return false;
    ++at_;
    return xmlChar(code);
  }
  // Characters up to `end` (text: "<"; an attribute: its quote).
  std::string characters(char end) {
    while (at_ < text_.size() && text_[at_] != end) {
      if (end == '<' && at("]]>")) return "']]>' in text";
      if (end != '<' && text_[at_] == '<') return "'<' in an attribute";
      if (text_[at_] == '&') {
        ++at_;
        if (!reference()) return "a bad reference at byte " + std::to_string(at_);
        continue;
      }
      std::size_t length = 0;
      if (!xmlChar(codeAt(at_, length))) return "a character XML cannot hold at byte " + std::to_string(at_);
      at_ += length;
    }
    return {};
  }
  std::string element(std::vector<std::string>& open) {
    ++at_;  // '<'
    const std::string tag = name();
    if (tag.empty()) return "a tag without a name at byte " + std::to_string(at_);
    for (;;) {
      space();
      if (at("/>")) {
        at_ += 2;
        return {};
      }
      if (at(">")) {
        ++at_;
        open.push_back(tag);
        return {};
      }
      if (name().empty()) return "a bad attribute at byte " + std::to_string(at_);
      space();
      if (!at("=")) return "an attribute without '=' at byte " + std::to_string(at_);
      ++at_;
      space();
      if (at_ >= text_.size() || (text_[at_] != '\'' && text_[at_] != '"')) return "an unquoted attribute";
      const char quote = text_[at_++];
      if (std::string problem = characters(quote); !problem.empty()) return problem;
      if (at_ >= text_.size()) return "an unterminated attribute";
      ++at_;
    }
  }
  std::string document() {
    if (at("<?xml")) {
      const std::size_t end = text_.find("?>", at_);
      if (end == std::string::npos) return "an unterminated declaration";
      at_ = end + 2;
    }
    space();
    std::vector<std::string> open;
    bool seenRoot = false;
    while (at_ < text_.size()) {
      if (open.empty()) {
        space();
        if (at_ == text_.size()) break;
        if (seenRoot) return "content after the root element at byte " + std::to_string(at_);
        if (!at("<")) return "text outside the root element";
      }
      if (at("<![CDATA[")) {
        if (open.empty()) return "CDATA outside the root element";
        const std::size_t end = text_.find("]]>", at_);
        if (end == std::string::npos) return "an unterminated CDATA section";
        for (std::size_t i = at_ + 9; i < end;) {
          std::size_t length = 0;
          if (!xmlChar(codeAt(i, length))) return "a character XML cannot hold in CDATA";
          i += length;
        }
        at_ = end + 3;
      } else if (at("</")) {
        at_ += 2;
        const std::string tag = name();
        space();
        if (open.empty() || tag != open.back() || !at(">")) return "a mismatched end tag '" + tag + "'";
        ++at_;
        open.pop_back();
      } else if (at("<")) {
        seenRoot = true;
        if (std::string problem = element(open); !problem.empty()) return problem;
      } else if (std::string problem = characters('<'); !problem.empty()) {
        return problem;
      }
    }
    if (!open.empty()) return "unclosed element '" + open.back() + "'";
    if (!seenRoot) return "no root element";
    return {};
  }

  const std::string& text_;
  std::size_t at_ = 0;
};

}  // namespace topiceval::testing
