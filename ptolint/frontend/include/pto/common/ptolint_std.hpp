// ptolint model of the PTO API -- written for ptolint from the public PTO ISA docs.
// Not the vendor header. Declarations here exist only so libclang can parse kernels.
//
// Fixed-width integers and the small slice of the C++ standard library that PTO kernels and
// the PTO API model need on the device side.
//
// Two modes:
//   * a host C++ standard library is reachable (__has_include(<type_traits>)) and
//     PTOLINT_MODEL_OWN_STD is not defined: the real <type_traits>/<cstdint>/<utility>/<limits>
//     are used, so kernels that include them themselves never see a second definition;
//   * otherwise (libclang without system headers, or -nostdinc): a self-contained minimal
//     std subset is defined below. It relies only on compiler-predefined macros and builtins.
#ifndef PTOLINT_MODEL_STD_HPP
#define PTOLINT_MODEL_STD_HPP

#if !defined(PTOLINT_MODEL_OWN_STD) && defined(__has_include)
#if __has_include(<type_traits>) && __has_include(<cstdint>) && __has_include(<utility>)
#define PTOLINT_MODEL_SYSTEM_STD 1
#endif
#endif

// Global fixed-width integer names (compatible redeclarations of the C library typedefs).
typedef __INT8_TYPE__ int8_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __INT16_TYPE__ int16_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __INT32_TYPE__ int32_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;

#if defined(PTOLINT_MODEL_SYSTEM_STD)

#include <cstdint>
#include <type_traits>
#include <utility>
#if __has_include(<limits>)
#include <limits>
#endif

#else // ---------------------------------------------------------------- own minimal std

namespace std {
using ::int8_t;
using ::uint8_t;
using ::int16_t;
using ::uint16_t;
using ::int32_t;
using ::uint32_t;
using ::int64_t;
using ::uint64_t;
using ::intptr_t;
using ::uintptr_t;
using ::size_t;
using ::ptrdiff_t;
typedef decltype(nullptr) nullptr_t;

// integral_constant and friends
template <typename T, T V>
struct integral_constant {
    static constexpr T value = V;
    using value_type = T;
    using type = integral_constant;
    constexpr operator value_type() const noexcept { return value; }
    constexpr value_type operator()() const noexcept { return value; }
};
template <bool B>
using bool_constant = integral_constant<bool, B>;
using true_type = bool_constant<true>;
using false_type = bool_constant<false>;

// type relations
template <typename A, typename B>
struct is_same : false_type {};
template <typename A>
struct is_same<A, A> : true_type {};
template <typename A, typename B>
inline constexpr bool is_same_v = is_same<A, B>::value;

template <typename Base, typename Derived>
struct is_base_of : bool_constant<__is_base_of(Base, Derived)> {};
template <typename Base, typename Derived>
inline constexpr bool is_base_of_v = __is_base_of(Base, Derived);

template <typename From, typename To>
struct is_convertible : bool_constant<__is_convertible_to(From, To)> {};
template <typename From, typename To>
inline constexpr bool is_convertible_v = __is_convertible_to(From, To);

// selection
template <bool C, typename T, typename F>
struct conditional {
    using type = T;
};
template <typename T, typename F>
struct conditional<false, T, F> {
    using type = F;
};
template <bool C, typename T, typename F>
using conditional_t = typename conditional<C, T, F>::type;

template <bool C, typename T = void>
struct enable_if {};
template <typename T>
struct enable_if<true, T> {
    using type = T;
};
template <bool C, typename T = void>
using enable_if_t = typename enable_if<C, T>::type;

template <typename...>
using void_t = void;

template <typename T>
struct type_identity {
    using type = T;
};

// cv / reference / pointer transformations
template <typename T> struct remove_const { using type = T; };
template <typename T> struct remove_const<const T> { using type = T; };
template <typename T> struct remove_volatile { using type = T; };
template <typename T> struct remove_volatile<volatile T> { using type = T; };
template <typename T> struct remove_cv { using type = typename remove_volatile<typename remove_const<T>::type>::type; };
template <typename T> struct remove_reference { using type = T; };
template <typename T> struct remove_reference<T&> { using type = T; };
template <typename T> struct remove_reference<T&&> { using type = T; };
template <typename T> struct remove_pointer { using type = T; };
template <typename T> struct remove_pointer<T*> { using type = T; };
template <typename T> struct remove_pointer<T* const> { using type = T; };
template <typename T> struct remove_pointer<T* volatile> { using type = T; };
template <typename T> struct remove_pointer<T* const volatile> { using type = T; };
template <typename T> struct remove_extent { using type = T; };
template <typename T> struct remove_extent<T[]> { using type = T; };
template <typename T, size_t N> struct remove_extent<T[N]> { using type = T; };
template <typename T> struct add_const { using type = const T; };
template <typename T> struct add_pointer { using type = typename remove_reference<T>::type*; };
template <typename T> struct add_lvalue_reference { using type = T&; };
template <> struct add_lvalue_reference<void> { using type = void; };
template <typename T> struct add_rvalue_reference { using type = T&&; };
template <> struct add_rvalue_reference<void> { using type = void; };
template <typename T> struct remove_cvref { using type = typename remove_cv<typename remove_reference<T>::type>::type; };

template <typename T> using remove_const_t = typename remove_const<T>::type;
template <typename T> using remove_volatile_t = typename remove_volatile<T>::type;
template <typename T> using remove_cv_t = typename remove_cv<T>::type;
template <typename T> using remove_reference_t = typename remove_reference<T>::type;
template <typename T> using remove_pointer_t = typename remove_pointer<T>::type;
template <typename T> using remove_extent_t = typename remove_extent<T>::type;
template <typename T> using remove_cvref_t = typename remove_cvref<T>::type;
template <typename T> using add_const_t = typename add_const<T>::type;
template <typename T> using add_pointer_t = typename add_pointer<T>::type;
template <typename T> using add_lvalue_reference_t = typename add_lvalue_reference<T>::type;
template <typename T> using add_rvalue_reference_t = typename add_rvalue_reference<T>::type;

// primary categories (only what device code asks)
template <typename T> struct is_void : is_same<typename remove_cv<T>::type, void> {};
template <typename T> inline constexpr bool is_void_v = is_void<T>::value;
template <typename T> struct is_const : false_type {};
template <typename T> struct is_const<const T> : true_type {};
template <typename T> inline constexpr bool is_const_v = is_const<T>::value;
template <typename T> struct is_reference : false_type {};
template <typename T> struct is_reference<T&> : true_type {};
template <typename T> struct is_reference<T&&> : true_type {};
template <typename T> inline constexpr bool is_reference_v = is_reference<T>::value;
template <typename T> struct is_lvalue_reference : false_type {};
template <typename T> struct is_lvalue_reference<T&> : true_type {};
template <typename T> inline constexpr bool is_lvalue_reference_v = is_lvalue_reference<T>::value;
template <typename T> struct is_array : false_type {};
template <typename T> struct is_array<T[]> : true_type {};
template <typename T, size_t N> struct is_array<T[N]> : true_type {};
template <typename T> inline constexpr bool is_array_v = is_array<T>::value;

namespace ptolint_detail {
template <typename T> struct is_pointer_raw : false_type {};
template <typename T> struct is_pointer_raw<T*> : true_type {};
template <typename T> struct is_integral_raw : false_type {};
template <> struct is_integral_raw<bool> : true_type {};
template <> struct is_integral_raw<char> : true_type {};
template <> struct is_integral_raw<signed char> : true_type {};
template <> struct is_integral_raw<unsigned char> : true_type {};
template <> struct is_integral_raw<wchar_t> : true_type {};
template <> struct is_integral_raw<char16_t> : true_type {};
template <> struct is_integral_raw<char32_t> : true_type {};
template <> struct is_integral_raw<short> : true_type {};
template <> struct is_integral_raw<unsigned short> : true_type {};
template <> struct is_integral_raw<int> : true_type {};
template <> struct is_integral_raw<unsigned int> : true_type {};
template <> struct is_integral_raw<long> : true_type {};
template <> struct is_integral_raw<unsigned long> : true_type {};
template <> struct is_integral_raw<long long> : true_type {};
template <> struct is_integral_raw<unsigned long long> : true_type {};
template <typename T> struct is_fp_raw : false_type {};
template <> struct is_fp_raw<float> : true_type {};
template <> struct is_fp_raw<double> : true_type {};
template <> struct is_fp_raw<long double> : true_type {};
} // namespace ptolint_detail

template <typename T> struct is_pointer : ptolint_detail::is_pointer_raw<typename remove_cv<T>::type> {};
template <typename T> inline constexpr bool is_pointer_v = is_pointer<T>::value;
template <typename T> struct is_integral : ptolint_detail::is_integral_raw<typename remove_cv<T>::type> {};
template <typename T> inline constexpr bool is_integral_v = is_integral<T>::value;
template <typename T> struct is_floating_point : ptolint_detail::is_fp_raw<typename remove_cv<T>::type> {};
template <typename T> inline constexpr bool is_floating_point_v = is_floating_point<T>::value;
template <typename T> struct is_arithmetic : bool_constant<is_integral<T>::value || is_floating_point<T>::value> {};
template <typename T> inline constexpr bool is_arithmetic_v = is_arithmetic<T>::value;
template <typename T> struct is_signed : bool_constant<is_arithmetic<T>::value && (T(-1) < T(0))> {};
template <typename T> inline constexpr bool is_signed_v = is_signed<T>::value;
template <typename T> struct is_unsigned : bool_constant<is_arithmetic<T>::value && !(T(-1) < T(0))> {};
template <typename T> inline constexpr bool is_unsigned_v = is_unsigned<T>::value;
template <typename T> struct is_enum : bool_constant<__is_enum(T)> {};
template <typename T> inline constexpr bool is_enum_v = __is_enum(T);
template <typename T> struct is_class : bool_constant<__is_class(T)> {};
template <typename T> inline constexpr bool is_class_v = __is_class(T);
template <typename T> struct is_trivially_copyable : bool_constant<__is_trivially_copyable(T)> {};
template <typename T> inline constexpr bool is_trivially_copyable_v = __is_trivially_copyable(T);
template <typename T> struct underlying_type { using type = __underlying_type(T); };
template <typename T> using underlying_type_t = typename underlying_type<T>::type;

template <typename T> struct decay {
private:
    using U = typename remove_reference<T>::type;
public:
    using type = conditional_t<is_array<U>::value, typename remove_extent<U>::type*, typename remove_cv<U>::type>;
};
template <typename T> using decay_t = typename decay<T>::type;

template <typename... B> struct conjunction : true_type {};
template <typename B1, typename... Bn> struct conjunction<B1, Bn...> : conditional_t<bool(B1::value), conjunction<Bn...>, B1> {};
template <typename... B> inline constexpr bool conjunction_v = conjunction<B...>::value;
template <typename... B> struct disjunction : false_type {};
template <typename B1, typename... Bn> struct disjunction<B1, Bn...> : conditional_t<bool(B1::value), B1, disjunction<Bn...>> {};
template <typename... B> inline constexpr bool disjunction_v = disjunction<B...>::value;
template <typename B> struct negation : bool_constant<!bool(B::value)> {};
template <typename B> inline constexpr bool negation_v = negation<B>::value;

// <utility> subset
template <typename T>
typename add_rvalue_reference<T>::type declval() noexcept;
template <typename T>
constexpr remove_reference_t<T>&& move(T&& t) noexcept { return static_cast<remove_reference_t<T>&&>(t); }
template <typename T>
constexpr T&& forward(remove_reference_t<T>& t) noexcept { return static_cast<T&&>(t); }
template <typename T>
constexpr T&& forward(remove_reference_t<T>&& t) noexcept { return static_cast<T&&>(t); }

template <typename T, T... Is>
struct integer_sequence {
    using value_type = T;
    static constexpr size_t size() noexcept { return sizeof...(Is); }
};
template <size_t... Is>
using index_sequence = integer_sequence<size_t, Is...>;
template <typename T, T N>
using make_integer_sequence = __make_integer_seq<integer_sequence, T, N>;
template <size_t N>
using make_index_sequence = make_integer_sequence<size_t, N>;
template <typename... Ts>
using index_sequence_for = make_index_sequence<sizeof...(Ts)>;

// <algorithm> scalar helpers used in device code
template <typename T>
constexpr const T& min(const T& a, const T& b) { return (b < a) ? b : a; }
template <typename T>
constexpr const T& max(const T& a, const T& b) { return (a < b) ? b : a; }

// <limits> subset
template <typename T>
struct numeric_limits {
    static constexpr bool is_specialized = false;
    static constexpr bool is_signed = false;
    static constexpr bool is_integer = false;
    static constexpr int digits = 0;
    static constexpr T min() noexcept { return T(); }
    static constexpr T max() noexcept { return T(); }
    static constexpr T lowest() noexcept { return T(); }
    static constexpr T epsilon() noexcept { return T(); }
    static constexpr T infinity() noexcept { return T(); }
    static constexpr T quiet_NaN() noexcept { return T(); }
};
namespace ptolint_detail {
template <typename T, T Lo, T Hi, bool Signed, int Digits>
struct int_limits {
    static constexpr bool is_specialized = true;
    static constexpr bool is_signed = Signed;
    static constexpr bool is_integer = true;
    static constexpr int digits = Digits;
    static constexpr T min() noexcept { return Lo; }
    static constexpr T max() noexcept { return Hi; }
    static constexpr T lowest() noexcept { return Lo; }
};
} // namespace ptolint_detail
template <> struct numeric_limits<bool> : ptolint_detail::int_limits<bool, false, true, false, 1> {};
template <> struct numeric_limits<char> : ptolint_detail::int_limits<char, (char)(-__SCHAR_MAX__ - 1), (char)__SCHAR_MAX__, true, 7> {};
template <> struct numeric_limits<signed char> : ptolint_detail::int_limits<signed char, -__SCHAR_MAX__ - 1, __SCHAR_MAX__, true, 7> {};
template <> struct numeric_limits<unsigned char> : ptolint_detail::int_limits<unsigned char, 0, __SCHAR_MAX__ * 2 + 1, false, 8> {};
template <> struct numeric_limits<short> : ptolint_detail::int_limits<short, -__SHRT_MAX__ - 1, __SHRT_MAX__, true, 15> {};
template <> struct numeric_limits<unsigned short> : ptolint_detail::int_limits<unsigned short, 0, __SHRT_MAX__ * 2 + 1, false, 16> {};
template <> struct numeric_limits<int> : ptolint_detail::int_limits<int, -__INT_MAX__ - 1, __INT_MAX__, true, 31> {};
template <> struct numeric_limits<unsigned int> : ptolint_detail::int_limits<unsigned int, 0u, __INT_MAX__ * 2u + 1u, false, 32> {};
template <> struct numeric_limits<long> : ptolint_detail::int_limits<long, -__LONG_MAX__ - 1, __LONG_MAX__, true, 63> {};
template <> struct numeric_limits<unsigned long> : ptolint_detail::int_limits<unsigned long, 0ul, __LONG_MAX__ * 2ul + 1ul, false, 64> {};
template <> struct numeric_limits<long long> : ptolint_detail::int_limits<long long, -__LONG_LONG_MAX__ - 1, __LONG_LONG_MAX__, true, 63> {};
template <> struct numeric_limits<unsigned long long> : ptolint_detail::int_limits<unsigned long long, 0ull, __LONG_LONG_MAX__ * 2ull + 1ull, false, 64> {};
template <>
struct numeric_limits<float> {
    static constexpr bool is_specialized = true;
    static constexpr bool is_signed = true;
    static constexpr bool is_integer = false;
    static constexpr int digits = __FLT_MANT_DIG__;
    static constexpr float min() noexcept { return __FLT_MIN__; }
    static constexpr float max() noexcept { return __FLT_MAX__; }
    static constexpr float lowest() noexcept { return -__FLT_MAX__; }
    static constexpr float epsilon() noexcept { return __FLT_EPSILON__; }
    static constexpr float infinity() noexcept { return __builtin_huge_valf(); }
    static constexpr float quiet_NaN() noexcept { return __builtin_nanf(""); }
};
template <>
struct numeric_limits<double> {
    static constexpr bool is_specialized = true;
    static constexpr bool is_signed = true;
    static constexpr bool is_integer = false;
    static constexpr int digits = __DBL_MANT_DIG__;
    static constexpr double min() noexcept { return __DBL_MIN__; }
    static constexpr double max() noexcept { return __DBL_MAX__; }
    static constexpr double lowest() noexcept { return -__DBL_MAX__; }
    static constexpr double epsilon() noexcept { return __DBL_EPSILON__; }
    static constexpr double infinity() noexcept { return __builtin_huge_val(); }
    static constexpr double quiet_NaN() noexcept { return __builtin_nan(""); }
};
} // namespace std

#endif // PTOLINT_MODEL_SYSTEM_STD

#endif // PTOLINT_MODEL_STD_HPP
