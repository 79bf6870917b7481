import KitCore
import Testing

@Suite("Korean particles chosen by the word before them")
struct KoreanParticlesTests {
    @Test(
        "이/가, 을/를, 은/는, 과/와, (으)로 and (이)라는 follow the last syllable's 받침, digits and Latin words included",
        arguments: [
            ("'pasta'(이)라는", "'pasta'라는"), ("'시험'(이)라는", "'시험'이라는"), ("'어제'을(를)", "'어제'를"),
            ("라면이(가)", "라면이"), ("타이머이(가)", "타이머가"), ("물은(는)", "물은"), ("차은(는)", "차는"),
            ("서울(으)로", "서울로"), ("부산(으)로", "부산으로"), ("바다(으)로", "바다로"), ("빵과(와)", "빵과"),
            ("우유과(와)", "우유와"), ("'2027-02'은(는)", "'2027-02'는"), ("3을(를)", "3을"), ("1(으)로", "1로"),
            ("10이(가)", "10이"), ("2이(가)", "2가"), ("'mail'(으)로", "'mail'로"), ("PDF을(를)", "PDF를"),
            ("SMS이(가)", "SMS가"), ("'timer'(이)라는", "'timer'라는"), ("'song'을(를)", "'song'을"),
            ("6L이(가)", "6L이"), ("nonexist.ics을(를)", "nonexist.ics를"), ("notes.html을(를)", "notes.html을"),
        ])
    func chosen(written: String, said: String) {
        #expect(KoreanParticles.attach(written) == said)
    }

    @Test("where the sound cannot be known, both forms stay; text without them is untouched")
    func unknown() {
        #expect(KoreanParticles.attach("'kit'을(를)") == "'kit'을(를)")
        #expect(KoreanParticles.attach("🍜을(를)") == "🍜을(를)")
        #expect(KoreanParticles.attach("a (b) c") == "a (b) c")
        #expect(KoreanParticles.attach("(이)") == "(이)")
        #expect(KoreanParticles.attach("no particles here") == "no particles here")
    }
}
